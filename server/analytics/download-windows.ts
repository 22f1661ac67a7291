import { AGENTS_PER_NETWORK } from "./audience-limits.ts";

/**
 * The IAB Podcast Measurement rules (v2.x) for one batch of audio requests, as
 * pure logic over the windows the database already holds:
 * - a client is an address and a user agent, hashed (the hash of the day the
 *   window opened, so a window that spans midnight still finds its client);
 * - a client's requests for one episode within 24 hours of its first are one
 *   window, however many ranges they took;
 * - a window counts as one download once its bytes reach a minute of the
 *   episode's audio (the whole file, for an episode shorter than a minute).
 * Probes, HEAD requests and bots never get here (see audience-counting.ts).
 * And one rule of ours on top (issue 38): a network counts as at most
 * AGENTS_PER_NETWORK clients plus one in 24 hours, however many user agents it
 * sends.
 */

export const WINDOW_MS = 24 * 3_600_000;
/** Another instance's batch may arrive after ours: a request this much older than a window's start still joins it. */
export const LATE_MS = 10 * 60_000;
/** Stored byte counts stop here (a 32-bit column); the threshold is far below. */
const MAX_BYTES = 2 ** 31 - 1;

export interface AudioRequest {
  at: Date;
  episodeId: number;
  /** The client's hash with the salt of the request's day, then of the day before. */
  clients: readonly [today: string, yesterday: string];
  /** The client's network (client-network.ts), hashed the same two ways: the key of the per-network limit. */
  network: readonly [today: string, yesterday: string];
  /** Already known to be past its network's agents (the recorder folded it): it is the network's rest. */
  rest?: boolean;
  bytes: number;
  /** How many requests brought those bytes (one, or several folded together within a batch). */
  requests?: number;
  /** Bytes in a minute of this episode (or the whole file when shorter). */
  threshold: number;
  app: string;
  platform: string;
}

export interface DownloadWindow {
  id?: number;
  episodeId: number;
  client: string;
  /** The client's network hashed with the salt of the window's day (null on windows older than the limit). */
  network: string | null;
  startedAt: string;
  bytes: number;
  requests: number;
  counted: boolean;
  app: string;
  platform: string;
}

export interface WindowChanges {
  /** Windows made or changed by the batch (those without an id are new). */
  changed: DownloadWindow[];
  /** Windows that became a download in this batch. */
  counted: DownloadWindow[];
}

/**
 * The windows at hand, found by client, and each network's clients (with the
 * start of their latest window): a batch costs a lookup per request, not a scan
 * of every open window (issue 38: 100,000 listeners in a batch froze the server).
 */
class WindowIndex {
  readonly #byClient = new Map<string, { w: DownloadWindow; start: number }[]>();
  readonly #clientsOf = new Map<string, Map<string, number>>();

  constructor(windows: DownloadWindow[]) {
    for (const w of windows) this.add(w);
  }

  add(w: DownloadWindow): void {
    const start = Date.parse(w.startedAt);
    const own = this.#byClient.get(w.client);
    if (own) own.push({ w, start });
    else this.#byClient.set(w.client, [{ w, start }]);
    // The network's rest is not one of its agents.
    if (w.network === null || w.network === w.client) return;
    const clients = this.#clientsOf.get(w.network) ?? new Map<string, number>();
    clients.set(w.client, Math.max(start, clients.get(w.client) ?? start));
    this.#clientsOf.set(w.network, clients);
  }

  /** The latest window of one of `clients` for the episode that the request falls in. */
  covering(clients: readonly string[], r: AudioRequest): DownloadWindow | undefined {
    const at = r.at.getTime();
    let best: { w: DownloadWindow; start: number } | undefined;
    for (const client of clients)
      for (const held of this.#byClient.get(client) ?? []) {
        if (held.w.episodeId !== r.episodeId) continue;
        if (at >= held.start - LATE_MS && at < held.start + WINDOW_MS && (!best || held.start > best.start))
          best = held;
      }
    return best?.w;
  }

  /** Whether the client has a window (of any episode) opened in the 24 hours before the request. */
  knows(r: AudioRequest): boolean {
    const since = r.at.getTime() - WINDOW_MS;
    return r.clients.some((c) => this.#byClient.get(c)?.some((held) => held.start > since));
  }

  /** How many clients of the request's network opened a window in the 24 hours before it. */
  agents(r: AudioRequest): number {
    const since = r.at.getTime() - WINDOW_MS;
    let n = 0;
    for (const [i, network] of r.network.entries()) {
      if (i > 0 && network === r.network[0]) continue;
      for (const latest of this.#clientsOf.get(network)?.values() ?? []) if (latest > since) n += 1;
    }
    return n;
  }
}

/**
 * Applies requests (in time order) to the open windows; `open` is changed in place.
 * A client new to its network, when the network already had AGENTS_PER_NETWORK
 * clients in the last 24 hours, is counted as the network's rest: one client more,
 * whose hash is the network's.
 */
export function applyRequests(open: DownloadWindow[], requests: AudioRequest[]): WindowChanges {
  const index = new WindowIndex(open);
  const changed = new Set<DownloadWindow>();
  const counted: DownloadWindow[] = [];
  for (const r of [...requests].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    let clients = r.rest ? r.network : r.clients;
    let w = index.covering(clients, r);
    if (!w && !r.rest && !index.knows(r) && index.agents(r) >= AGENTS_PER_NETWORK) {
      clients = r.network;
      w = index.covering(clients, r);
    }
    if (!w) {
      w = {
        episodeId: r.episodeId,
        client: clients[0],
        network: r.network[0],
        startedAt: r.at.toISOString(),
        bytes: 0,
        requests: 0,
        counted: false,
        app: r.app,
        platform: r.platform,
      };
      open.push(w);
      index.add(w);
    }
    w.bytes = Math.min(MAX_BYTES, w.bytes + r.bytes);
    w.requests += r.requests ?? 1;
    if (!w.counted && w.bytes >= r.threshold) {
      w.counted = true;
      counted.push(w);
    }
    changed.add(w);
  }
  return { changed: [...changed], counted };
}

/** A bitrate for an episode whose length is not known: 128 kbit/s, the common podcast MP3. */
const FALLBACK_BYTES_PER_MINUTE = 960_000;

/** A minute of the episode in bytes, or its whole size when it is shorter than a minute. */
export function minuteOfAudio(byteSize: number | null, durationSeconds: number | null, servedSize?: number): number {
  const size = byteSize ?? servedSize;
  if (size && durationSeconds && durationSeconds > 0) return Math.min(size, Math.ceil((size * 60) / durationSeconds));
  return size ? Math.min(size, FALLBACK_BYTES_PER_MINUTE) : FALLBACK_BYTES_PER_MINUTE;
}
