/**
 * The IAB Podcast Measurement rules (v2.x) for one batch of audio requests, as
 * pure logic over the windows the database already holds:
 * - a client is an address and a user agent, hashed (the hash of the day the
 *   window opened, so a window that spans midnight still finds its client);
 * - a client's requests for one episode within 24 hours of its first are one
 *   window, however many ranges they took;
 * - a window counts as one download once its bytes reach a minute of the
 *   episode's audio (the whole file, for an episode shorter than a minute).
 * Probes, HEAD requests and bots never get here (see media-counting.ts).
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

function covering(windows: DownloadWindow[], r: AudioRequest): DownloadWindow | undefined {
  const at = r.at.getTime();
  let best: DownloadWindow | undefined;
  for (const w of windows) {
    if (w.episodeId !== r.episodeId || !r.clients.includes(w.client)) continue;
    const start = Date.parse(w.startedAt);
    if (at >= start - LATE_MS && at < start + WINDOW_MS && (!best || start > Date.parse(best.startedAt))) best = w;
  }
  return best;
}

/** Applies requests (in time order) to the open windows; `open` is changed in place. */
export function applyRequests(open: DownloadWindow[], requests: AudioRequest[]): WindowChanges {
  const changed = new Set<DownloadWindow>();
  const counted: DownloadWindow[] = [];
  for (const r of [...requests].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    let w = covering(open, r);
    if (!w) {
      w = {
        episodeId: r.episodeId,
        client: r.clients[0],
        startedAt: r.at.toISOString(),
        bytes: 0,
        requests: 0,
        counted: false,
        app: r.app,
        platform: r.platform,
      };
      open.push(w);
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
