import { AGENTS_PER_NETWORK } from "./audience-limits.ts";

export interface BufferLimits {
  /** Entries held at most. */
  entries: number;
  /** Their estimated size in bytes at most (a user agent may be 8 KB: entries alone do not bound memory). */
  bytes: number;
  /** Entries one network may hold at most (one that rotates its referrer or campaign makes a new entry each time). */
  entriesPerNetwork: number;
}

/** What an entry costs beyond its key's characters: the event object, the map's slot, its strings' headers. */
const ENTRY_OVERHEAD = 200;

/**
 * Audience events held in memory until the next write, folded as they come: one
 * entry per client and what it did (listener and file, reader, page and source),
 * so a busy interval costs an entry per person, not per request. Each network's
 * first AGENTS_PER_NETWORK user agents are clients of their own; a later agent
 * joins the network's rest, as the database would count it anyway. Past any of
 * the limits, new entries are dropped (and counted) until the next write.
 */
export class EventBuffer<T> {
  #entries = new Map<string, T>();
  #networks = new Map<string, { clients: Set<string>; entries: number }>();
  #bytes = 0;
  dropped = 0;
  private readonly limits: BufferLimits;

  constructor(limits: BufferLimits) {
    this.limits = limits;
  }

  get size(): number {
    return this.#entries.size;
  }
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Folds an event in: `fold` adds it to the entry it belongs to, or `create` makes that
   * entry (`rest` when the client is its network's rest and its user agent is not kept).
   */
  add(network: string, client: string, detail: string, create: (rest: boolean) => T, fold: (held: T) => void): void {
    let seen = this.#networks.get(network);
    const rest = seen !== undefined && !seen.clients.has(client) && seen.clients.size >= AGENTS_PER_NETWORK;
    const key = rest ? `\u0000${network}\n${detail}` : `${client}\n${detail}`;
    const held = this.#entries.get(key);
    if (held) return fold(held);
    // The key's characters, held once in the key and once in the event's own strings.
    const cost = 2 * key.length + ENTRY_OVERHEAD + (seen ? 0 : network.length + ENTRY_OVERHEAD);
    if (
      this.#entries.size >= this.limits.entries ||
      this.#bytes + cost > this.limits.bytes ||
      (seen?.entries ?? 0) >= this.limits.entriesPerNetwork
    ) {
      this.dropped += 1;
      return;
    }
    if (!seen) this.#networks.set(network, (seen = { clients: new Set(), entries: 0 }));
    if (!rest) seen.clients.add(client);
    seen.entries += 1;
    this.#bytes += cost;
    this.#entries.set(key, create(rest));
  }

  /** Everything held, and an empty buffer in its place. */
  take(): { events: T[]; bytes: number; dropped: number } {
    const taken = { events: [...this.#entries.values()], bytes: this.#bytes, dropped: this.dropped };
    this.#entries = new Map();
    this.#networks = new Map();
    this.#bytes = 0;
    this.dropped = 0;
    return taken;
  }

  /** Puts back a batch that could not be written, in front of what came meanwhile, within the same limits. */
  putBack(events: T[], sizeOf: (event: T) => number): void {
    const since = this.#entries;
    this.#entries = new Map();
    this.#bytes = 0;
    let i = 0;
    for (const event of [...events, ...since.values()]) {
      const cost = sizeOf(event) + ENTRY_OVERHEAD;
      if (this.#entries.size >= this.limits.entries || this.#bytes + cost > this.limits.bytes) {
        this.dropped += 1;
        continue;
      }
      this.#bytes += cost;
      this.#entries.set(`\u0001${i++}`, event);
    }
  }
}
