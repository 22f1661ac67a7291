import { sql, type Kysely } from "kysely";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { inBatches } from "./batches.ts";
import { saltedHash, type DailySalts } from "./daily-salts.server.ts";
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
}

/** Any fixed number: the lock that makes one instance's batch wait for another's on PostgreSQL. */
const DOWNLOADS_LOCK = 27_2701;

/**
 * Writes a batch of audio requests: the windows they open or add to, and a
 * download on its window's day for each window that reaches a minute of audio.
 * Batches from every instance go through one lock (SQLite's single writer;
 * an advisory lock on PostgreSQL), so one listener is counted once whichever
 * instances served their ranges. Returns the downloads counted.
 */
export async function recordAudioHits(db: Kysely<DB>, salts: DailySalts, hits: AudioHit[]): Promise<number> {
  if (hits.length === 0) return 0;
  const files = [...new Set(hits.map((h) => h.file))];
  const episodes = new Map<string, { id: number; byte_size: number | null; duration_seconds: number | null }>();
  for (const part of inBatches(files))
    for (const e of await db
      .selectFrom("podcast_episodes")
      .select(["id", "mp3_file", "byte_size", "duration_seconds"])
      .where("mp3_file", "in", part)
      .execute())
      if (e.mp3_file) episodes.set(e.mp3_file, e);

  const requests: AudioRequest[] = [];
  for (const h of hits) {
    const episode = episodes.get(h.file);
    if (!episode) continue; // a file no published episode plays (an old upload, a draft's audio)
    const day = utcDay(h.at);
    const [today, yesterday] = await Promise.all([salts.of(day), salts.of(addDays(day, -1))]);
    requests.push({
      at: h.at,
      episodeId: episode.id,
      clients: [saltedHash(today, h.address, h.userAgent), saltedHash(yesterday, h.address, h.userAgent)],
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
    const clients = [...new Set(requests.flatMap((r) => r.clients))];
    const open: DownloadWindow[] = [];
    for (const part of inBatches(clients))
      for (const w of await trx
        .selectFrom("download_windows")
        .selectAll()
        .where("client", "in", part)
        .where("started_at", ">=", since)
        .execute())
        open.push({
          id: w.id,
          episodeId: w.episode_id,
          client: w.client,
          startedAt: w.started_at,
          bytes: w.bytes,
          requests: w.requests,
          counted: w.counted === 1,
          app: w.app,
          platform: w.platform,
        });

    const { changed, counted } = applyRequests(open, requests);
    const row = (w: DownloadWindow) => ({
      episode_id: w.episodeId,
      client: w.client,
      started_at: w.startedAt,
      bytes: w.bytes,
      requests: w.requests,
      counted: w.counted ? 1 : 0,
      app: w.app,
      platform: w.platform,
    });
    for (const part of inBatches(changed.filter((w) => w.id === undefined)))
      await trx.insertInto("download_windows").values(part.map(row)).execute();
    for (const w of changed.filter((w) => w.id !== undefined))
      await trx
        .updateTable("download_windows")
        .set({ bytes: w.bytes, requests: w.requests, counted: w.counted ? 1 : 0 })
        .where("id", "=", w.id!)
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
