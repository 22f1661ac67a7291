import { setImmediate } from "node:timers/promises";

/**
 * What one client can add to the audience figures (docs/security.md, "Audience
 * figures: what one client can and cannot do"). A client is an address and a user
 * agent, as the IAB counts listeners; the limits below are per network (an IPv4
 * address, or an IPv6 address's /64, which one subscriber holds whole).
 */

/**
 * Distinct user agents a network counts as distinct clients within 24 hours (downloads)
 * or a day (readers): a household's or an office's devices. Every further agent from it
 * is one more client, the network's "rest", so an address that rotates its user agent
 * counts as this many plus one.
 */
export const AGENTS_PER_NETWORK = 10;

/** Page views one visitor (or a network's rest) adds per day; past this its views are not counted. */
export const VIEWS_PER_VISITOR_DAY = 200;

/** Referring sites (and, apart, campaigns) kept by name per day; later new ones are counted as OTHER_SOURCE. */
export const SOURCES_PER_DAY = 200;
/** Once a day is over, only its top sources keep their name; the rest are folded into OTHER_SOURCE. */
export const SOURCES_KEPT_PER_DAY = 50;
/** Per-source rows older than this are deleted: a year's report and a margin. */
export const SOURCE_DAYS = 400;
/** The label rare sources are counted under: no domain or campaign label can be spelt this way. */
export const OTHER_SOURCE = "(other)";

/** Events written per transaction: each one is a few milliseconds, and requests are served in between. */
export const WRITE_CHUNK = 200;

/** Lets the requests that came in meanwhile be served (SQLite's statements run on the one thread). */
export const yieldToRequests = () => setImmediate();

/**
 * How a batch was written, for the log: how many events, in how many transactions, and the
 * longest of them, in time and in the process's CPU time (on a busy machine the first is
 * mostly waiting; on SQLite, whose statements run on the server's thread, the second is
 * how long a chunk held requests back).
 */
export interface WriteStats {
  events: number;
  chunks: number;
  largestChunk: number;
  longestChunkMs: number;
  longestChunkCpuMs: number;
}
export const noWrites = (): WriteStats => ({
  events: 0,
  chunks: 0,
  largestChunk: 0,
  longestChunkMs: 0,
  longestChunkCpuMs: 0,
});

/** Writes `events` a chunk at a time, in order, serving requests between chunks; `stats` adds up what was done. */
export async function inChunks<T>(events: T[], stats: WriteStats, write: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < events.length; i += WRITE_CHUNK) {
    if (i > 0) await yieldToRequests();
    const chunk = events.slice(i, i + WRITE_CHUNK);
    const started = performance.now();
    const cpu = process.cpuUsage();
    await write(chunk);
    const used = process.cpuUsage(cpu);
    stats.events += chunk.length;
    stats.chunks += 1;
    stats.largestChunk = Math.max(stats.largestChunk, chunk.length);
    stats.longestChunkMs = Math.max(stats.longestChunkMs, Math.round(performance.now() - started));
    stats.longestChunkCpuMs = Math.max(stats.longestChunkCpuMs, Math.round((used.user + used.system) / 1000));
  }
}
