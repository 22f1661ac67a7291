import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { readLogLine } from "./access-log.ts";
import type { DailySalts } from "./daily-salts.server.ts";
import { recordAudioHits, type AudioHit } from "./download-store.server.ts";

export interface ImportResult {
  lines: number;
  audioRequests: number;
  skipped: { unreadable: number; notAudio: number; notListening: number };
  downloads: number;
}

const BATCH = 5_000;

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
 * stream in batches: the same IAB rules as the site's own media requests.
 */
export async function importAccessLog(
  db: Kysely<DB>,
  salts: DailySalts,
  body: Readable,
  digest?: string,
): Promise<ImportResult> {
  const result: ImportResult = {
    lines: 0,
    audioRequests: 0,
    skipped: { unreadable: 0, notAudio: 0, notListening: 0 },
    downloads: 0,
  };
  let batch: AudioHit[] = [];
  const write = async () => {
    result.downloads += await recordAudioHits(db, salts, batch);
    batch = [];
  };
  for await (const line of createInterface({ input: body, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    result.lines += 1;
    const read = readLogLine(line);
    if (read.kind === "audio") {
      result.audioRequests += 1;
      batch.push(read.hit);
      if (batch.length >= BATCH) await write();
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
