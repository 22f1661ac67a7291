import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { mediaUrl } from "../media/buckets.ts";

export type Series = "daily" | "weekly";
export const SERIES: readonly Series[] = ["daily", "weekly"];

/** A podcast episode as pages, the API and the feeds see it. */
export interface Episode {
  id: number;
  date: string;
  title: string;
  description: string;
  mp3_file: string | null;
  weekly_daily: Series;
  duration_seconds: number | null;
  byte_size: number | null;
  guid: string;
  /** The public address of `mp3_file`, from this site or MEDIA_BASE_URL. */
  audio_url: string | null;
}

const COLUMNS = ["id", "date", "title", "description", "mp3_file", "weekly_daily", "duration_seconds", "byte_size", "guid"] as const;

function newestFirst(db: Kysely<DB>, series: Series | undefined) {
  let query = db.selectFrom("podcast_episodes").select(COLUMNS).orderBy("date", "desc").orderBy("id", "desc");
  if (series) query = query.where("weekly_daily", "=", series);
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof newestFirst>["executeTakeFirstOrThrow"]>>;

const toEpisode = (row: Row, mediaBaseUrl: string | undefined): Episode => ({
  ...row,
  audio_url: row.mp3_file ? mediaUrl("podcast-episodes", row.mp3_file, mediaBaseUrl) : null,
});

/** Every episode (of one series, when given), newest first. */
export async function listEpisodes(db: Kysely<DB>, options: { series?: Series | undefined; mediaBaseUrl?: string | undefined } = {}): Promise<Episode[]> {
  return (await newestFirst(db, options.series).execute()).map((row) => toEpisode(row, options.mediaBaseUrl));
}

/** The newest episode: the spec's "date descending, limit 1". */
export async function latestEpisode(db: Kysely<DB>, mediaBaseUrl?: string): Promise<Episode | undefined> {
  const row = await newestFirst(db, undefined).limit(1).executeTakeFirst();
  return row && toEpisode(row, mediaBaseUrl);
}

export async function getEpisode(db: Kysely<DB>, id: number, mediaBaseUrl?: string): Promise<Episode | undefined> {
  const row = await db.selectFrom("podcast_episodes").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && toEpisode(row, mediaBaseUrl);
}
