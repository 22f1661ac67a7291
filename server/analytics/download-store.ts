import { sql, type Kysely } from "kysely";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { inChunks, noWrites, type WriteStats } from "./audience-limits.ts";
import { inBatches } from "./batches.ts";
import { networkOf } from "./client-network.ts";
import { saltedHash, type DailySalts } from "./daily-salts.ts";
import { addDays, utcDay } from "./utc-days.ts";
import {
  applyRequests,
  LATE_MS,
  minuteOfAudio,
  WINDOW_MS,
  type AudioRequest,
  type DownloadWindow,
} from "./download-windows.ts";
import { listeningApp, platformOf } from "./user-agents.ts";

/** An audio request as the media route (or an imported CDN log) saw it; the address never reaches the database. */
export interface AudioHit {
  at: Date;
  /** The stored file's name in the podcast-episodes bucket. */
  file: string;
  address: string;
  userAgent: string;
  bytes: number;
  /** The file's whole size when the response said it. */
  servedSize?: number;
  /** Requests folded into this one (their bytes summed, the first one's time): 1 when absent. */
  requests?: number;
  /** Folded by the recorder into its network's rest (one agent past AGENTS_PER_NETWORK): the user agent is not kept. */
  rest?: boolean;
}

/** Any fixed number: the lock that makes one instance's batch wait for another's on PostgreSQL. */
const DOWNLOADS_LOCK = 27_2701;

type Episode = { id: number; byte_size: number | null; duration_seconds: number | null };

/**
 * Writes a batch of audio requests: the windows they open or add to, and a
 * download on its window's day for each window that reaches a minute of audio.
 * The batch is taken in time order, WRITE_CHUNK requests per transaction, and
 * requests are served between transactions, so a crowd's batch never holds the
 * server (SQLite's statements run on its one thread) or the database for long.
 * Each transaction goes through one lock (SQLite's single writer; an advisory
 * lock on PostgreSQL) and reads what the ones before wrote, so one listener is
 * counted once whichever instances served their ranges. Returns the downloads counted.
 */
export async function recordAudioHits(
  db: Kysely<DB>,
  salts: DailySalts,
  hits: AudioHit[],
  stats: WriteStats = noWrites(),
): Promise<number> {
  const sorted = [...hits].sort((a, b) => a.at.getTime() - b.at.getTime());
  const episodes = new Map<string, Episode | null>();
  let downloads = 0;
  await inChunks(sorted, stats, async (chunk) => {
    downloads += await writeChunk(db, salts, episodes, chunk);
  });
  return downloads;
}

/** The episodes the files belong to (null for a file no published episode plays), asked once per batch. */
async function findEpisodes(db: Kysely<DB>, known: Map<string, Episode | null>, hits: AudioHit[]) {
  const files = [...new Set(hits.map((h) => h.file))].filter((f) => !known.has(f));
  for (const file of files) known.set(file, null);
  for (const part of inBatches(files))
    for (const e of await db
      .selectFrom("podcast_episodes")
      .select(["id", "mp3_file", "byte_size", "duration_seconds"])
      .where("mp3_file", "in", part)
      .execute())
      if (e.mp3_file) known.set(e.mp3_file, e);
}

async function writeChunk(
  db: Kysely<DB>,
  salts: DailySalts,
  episodes: Map<string, Episode | null>,
  hits: AudioHit[],
): Promise<number> {
  await findEpisodes(db, episodes, hits);
  const requests: AudioRequest[] = [];
  for (const h of hits) {
    const episode = episodes.get(h.file);
    if (!episode) continue; // a file no published episode plays (an old upload, a draft's audio)
    const day = utcDay(h.at);
    const [today, yesterday] = await Promise.all([salts.of(day), salts.of(addDays(day, -1))]);
    const network = networkOf(h.address);
    requests.push({
      at: h.at,
      episodeId: episode.id,
      clients: [saltedHash(today, h.address, h.userAgent), saltedHash(yesterday, h.address, h.userAgent)],
      network: [saltedHash(today, network), saltedHash(yesterday, network)],
      rest: h.rest,
      bytes: h.bytes,
      requests: h.requests ?? 1,
      threshold: minuteOfAudio(episode.byte_size, episode.duration_seconds, h.servedSize),
      app: listeningApp(h.userAgent),
      platform: platformOf(h.userAgent),
    });
  }
  if (requests.length === 0) return 0;

  return db.transaction().execute(async (trx) => {
    if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${DOWNLOADS_LOCK})`.execute(trx);
    const earliest = Math.min(...requests.map((r) => r.at.getTime()));
    const since = new Date(earliest - WINDOW_MS - LATE_MS).toISOString();
    // The clients' own windows, and every window of their networks (to count the network's clients).
    const open = new Map<number, DownloadWindow>();
    for (const [column, keys] of [
      ["client", requests.flatMap((r) => [...r.clients, ...r.network])],
      ["network", requests.flatMap((r) => r.network)],
    ] as const)
      for (const part of inBatches([...new Set(keys)]))
        for (const w of await trx
          .selectFrom("download_windows")
          .selectAll()
          .where(column, "in", part)
          .where("started_at", ">=", since)
          .execute())
          open.set(w.id, {
            id: w.id,
            episodeId: w.episode_id,
            client: w.client,
            network: w.network,
            startedAt: w.started_at,
            bytes: w.bytes,
            requests: w.requests,
            counted: w.counted === 1,
            app: w.app,
            platform: w.platform,
          });

    const { changed, counted } = applyRequests([...open.values()], requests);
    // New windows and changed ones in one statement per slice: a changed window is found again by its
    // unique key (episode, client, start).
    for (const part of inBatches(changed))
      await trx
        .insertInto("download_windows")
        .values(
          part.map((w) => ({
            episode_id: w.episodeId,
            client: w.client,
            network: w.network,
            started_at: w.startedAt,
            bytes: w.bytes,
            requests: w.requests,
            counted: w.counted ? 1 : 0,
            app: w.app,
            platform: w.platform,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["episode_id", "client", "started_at"]).doUpdateSet({
            bytes: sql`excluded.bytes`,
            requests: sql`excluded.requests`,
            counted: sql`excluded.counted`,
          }),
        )
        .execute();

    const perEpisode = new Map<string, { day: string; episode_id: number; downloads: number }>();
    const perApp = new Map<string, { day: string; app: string; platform: string; downloads: number }>();
    for (const w of counted) {
      const day = utcDay(new Date(w.startedAt));
      const e = perEpisode.get(`${day}\n${w.episodeId}`) ?? { day, episode_id: w.episodeId, downloads: 0 };
      e.downloads += 1;
      perEpisode.set(`${day}\n${w.episodeId}`, e);
      const a = perApp.get(`${day}\n${w.app}\n${w.platform}`) ?? {
        day,
        app: w.app,
        platform: w.platform,
        downloads: 0,
      };
      a.downloads += 1;
      perApp.set(`${day}\n${w.app}\n${w.platform}`, a);
    }
    for (const part of inBatches([...perEpisode.values()]))
      await trx
        .insertInto("download_daily")
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(["day", "episode_id"])
            .doUpdateSet({ downloads: sql`download_daily.downloads + excluded.downloads` }),
        )
        .execute();
    for (const part of inBatches([...perApp.values()]))
      await trx
        .insertInto("download_apps_daily")
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(["day", "app", "platform"])
            .doUpdateSet({ downloads: sql`download_apps_daily.downloads + excluded.downloads` }),
        )
        .execute();
    return counted.length;
  });
}
