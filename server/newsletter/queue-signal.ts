/**
 * Wakes this process's newsletter sender when a message was queued, so that a
 * confirmation mail leaves at once rather than at the sender's next look at the
 * queue. Other instances find it on their own next look.
 */
const listeners = new Set<() => void>();

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function mailQueued(): void {
  for (const listener of listeners) listener();
}
