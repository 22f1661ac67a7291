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

/** Long enough for a form's answer to have been written before the sender's work begins. */
const AFTER_ANSWER_MS = 100;

/**
 * What a public form calls for every request it accepts, whether or not it queued a mail: the
 * sender is woken shortly after the answer, never inside it. Woken at once and only when a mail was
 * queued, its first steps (on SQLite, synchronous) ran inside a new address's answer, which took
 * about 7 ms longer than a known one's (npm run bench:follow-timing): time alone told who was known.
 */
export function wakeSenderAfterAnswer(): void {
  setTimeout(mailQueued, AFTER_ANSWER_MS).unref();
}
