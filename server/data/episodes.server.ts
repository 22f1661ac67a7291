import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { mediaUrl } from "../media/buckets.ts";
import { afterKeyset, API_LIST_MAX, sliceOf, type Keyset, type PageWindow, type Slice } from "./list-page.ts";

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

async function countEpisodes(db: Kysely<DB>, series: Series | undefined): Promise<number> {
  let query = db.selectFrom("podcast_episodes").select((eb) => eb.fn.countAll<number>().as("n"));
  if (series) query = query.where("weekly_daily", "=", series);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const keyOf = (row: Row): Keyset => ({ at: row.date, id: row.id });

/** Up to `limit` episodes (of one series, when given) after `cursor`, newest first, with the cursor of the rest and the number in all. */
export async function listEpisodes(
  db: Kysely<DB>,
  options: { series?: Series | undefined; mediaBaseUrl?: string | undefined; limit?: number; cursor?: Keyset | undefined } = {},
): Promise<Slice<Episode>> {
  const limit = options.limit ?? API_LIST_MAX;
  let query = newestFirst(db, options.series).limit(limit + 1);
  const cursor = options.cursor;
  if (cursor) query = query.where((eb) => afterKeyset(eb.ref("date"), eb.ref("id"), "desc", cursor));
  const [rows, total] = await Promise.all([query.execute(), countEpisodes(db, options.series)]);
  return sliceOf(rows, limit, total, keyOf, (row) => toEpisode(row, options.mediaBaseUrl));
}

/** One numbered page of episodes (of one series, when given), newest first, and how many there are in all. */
export async function episodePage(
  db: Kysely<DB>,
  options: { series?: Series | undefined; mediaBaseUrl?: string | undefined; window: PageWindow },
): Promise<{ items: Episode[]; total: number }> {
  const { window } = options;
  const [rows, total] = await Promise.all([newestFirst(db, options.series).limit(window.perPage).offset(window.offset).execute(), countEpisodes(db, options.series)]);
  return { items: rows.map((row) => toEpisode(row, options.mediaBaseUrl)), total };
}

/** How many episodes (of one series, when given) come before episode `id`, newest first; undefined when it is not in that list. */
export async function episodePosition(db: Kysely<DB>, id: number, series: Series | undefined): Promise<number | undefined> {
  const episode = await db.selectFrom("podcast_episodes").select(["date", "id", "weekly_daily"]).where("id", "=", id).executeTakeFirst();
  if (!episode || (series && episode.weekly_daily !== series)) return undefined;
  let query = db
    .selectFrom("podcast_episodes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => afterKeyset(eb.ref("date"), eb.ref("id"), "asc", { at: episode.date, id: episode.id }));
  if (series) query = query.where("weekly_daily", "=", series);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every episode (of one series, when given), newest first: for feeds, which list the whole show, and the assistant's index. */
export async function everyEpisode(db: Kysely<DB>, options: { series?: Series | undefined; mediaBaseUrl?: string | undefined } = {}): Promise<Episode[]> {
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
