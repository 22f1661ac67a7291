import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { readLogLine } from "./access-log.ts";
import type { DailySalts } from "./daily-salts.ts";
import { noWrites, type WriteStats } from "./audience-limits.ts";
import { recordAudioHits, type AudioHit } from "./download-store.ts";
import { linesOf, TOO_LONG } from "./log-lines.ts";

export interface ImportResult {
  lines: number;
  audioRequests: number;
  skipped: { unreadable: number; notAudio: number; notListening: number };
  downloads: number;
}

const BATCH = 5_000;
/** A batch's lines' characters at most: 5,000 lines of long user agents would hold 80 MB. */
const BATCH_CHARS = 4 * 1024 * 1024;
/**
 * A log line's length at most. A Combined Log Format line is an address, a date, the request
 * line, a referrer and a user agent: a few hundred bytes, 16 KB with an 8 KB user agent.
 * Anything longer is not a log line: it is counted as unreadable and never held whole.
 */
export const MAX_LINE_BYTES = 16 * 1024;

/** Whether a log with this digest was imported before, and when. */
export async function importedBefore(db: Kysely<DB>, digest: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("analytics_imports")
    .select("imported_at")
    .where("digest", "=", digest)
    .executeTakeFirst();
  return row?.imported_at;
}

/**
 * Counts the downloads in a CDN's access log (Combined Log Format), read as a
 * stream in batches: the same IAB rules (and per-network limits) as the site's
 * own media requests, written in chunks with requests served in between.
 */
export async function importAccessLog(
  db: Kysely<DB>,
  salts: DailySalts,
  body: Readable,
  digest?: string,
  stats: WriteStats = noWrites(),
): Promise<ImportResult> {
  const result: ImportResult = {
    lines: 0,
    audioRequests: 0,
    skipped: { unreadable: 0, notAudio: 0, notListening: 0 },
    downloads: 0,
  };
  let batch: AudioHit[] = [];
  let batchChars = 0;
  const write = async () => {
    result.downloads += await recordAudioHits(db, salts, batch, stats);
    batch = [];
    batchChars = 0;
  };
  for await (const line of linesOf(body, MAX_LINE_BYTES)) {
    if (line === TOO_LONG) {
      result.lines += 1;
      result.skipped.unreadable += 1;
      continue;
    }
    if (!line.trim()) continue;
    result.lines += 1;
    const read = readLogLine(line);
    if (read.kind === "audio") {
      result.audioRequests += 1;
      batch.push(read.hit);
      batchChars += line.length;
      if (batch.length >= BATCH || batchChars >= BATCH_CHARS) await write();
    } else if (read.why === "unreadable") result.skipped.unreadable += 1;
    else if (read.why === "not-audio") result.skipped.notAudio += 1;
    else result.skipped.notListening += 1;
  }
  await write();
  if (digest)
    await db
      .insertInto("analytics_imports")
      .values({ digest, imported_at: new Date().toISOString(), lines: result.lines, downloads: result.downloads })
      .onConflict((oc) => oc.column("digest").doNothing())
      .execute();
  return result;
}
