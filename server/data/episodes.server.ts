import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { dialectOf, matchesNothing, searchNeedle, withSearchIndex } from "../db/dialect.ts";
import type { DB } from "../db/schema.ts";
import { SERIES, type Episode, type EpisodeExtras, type Series } from "#common/content/episode.ts";

export { SERIES };
export type { Episode, EpisodeExtras, Series };
import { mediaUrl } from "../media/buckets.ts";
import type { Chapter } from "../media/chapter-format.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { tagsFromColumn } from "#common/topics/topic.ts";
import { episodeFilePaths } from "#common/feeds/feed-paths.ts";
import { afterKeyset, API_LIST_MAX, sliceOf, type Keyset, type PageWindow, type Slice } from "./list-page.server.ts";

const COLUMNS = [
  "id",
  "date",
  "title",
  "description",
  "mp3_file",
  "weekly_daily",
  "duration_seconds",
  "byte_size",
  "guid",
  "tags",
  "sample",
] as const;

// Lists say whether an episode has a transcript and chapters, and what kind, without reading them.
const selectEpisode = (db: Kysely<DB>) =>
  db
    .selectFrom("podcast_episodes")
    .select(COLUMNS)
    .select((eb) => [
      eb
        .case()
        .when("transcript", "is", null)
        .then(sql.lit("none"))
        .when(sql<boolean>`substr(transcript, 1, 6) = 'WEBVTT'`)
        .then(sql.lit("timed"))
        .else(sql.lit("plain"))
        .end()
        .as("transcript_kind"),
      eb.case().when("chapters", "is", null).then(sql.lit(0)).else(sql.lit(1)).end().as("has_chapters"),
    ]);

/** Which episodes a list shows: one series, and those whose title, description or transcript contain `q` (ignoring case), like the recap search. */
export interface EpisodeFilter {
  series?: Series | undefined;
  q?: string | undefined;
}

function matching<QB extends SelectQueryBuilder<DB, "podcast_episodes", object>>(
  db: Kysely<DB>,
  query: QB,
  filter: EpisodeFilter,
): QB {
  let out = query;
  if (filter.series) out = out.where("weekly_daily", "=", filter.series) as QB;
  const needle = searchNeedle(filter.q);
  if (needle) {
    const { containsIgnoringCase, searchCandidates } = dialectOf(db);
    if (matchesNothing(needle)) return out.where(sql<boolean>`1 = 0`) as QB;
    out = out.where((eb) => {
      const contains = eb.or([
        containsIgnoringCase(eb.ref("title"), needle),
        containsIgnoringCase(eb.ref("description"), needle),
        containsIgnoringCase(eb.ref("transcript"), needle),
      ]);
      const candidates = searchCandidates("episode_search", eb.ref("podcast_episodes.id"), needle);
      return candidates ? eb.and([candidates, contains]) : contains;
    }) as QB;
  }
  return out;
}

function newestFirst(db: Kysely<DB>, filter: EpisodeFilter) {
  return matching(db, selectEpisode(db), filter).orderBy("date", "desc").orderBy("id", "desc");
}

type Row = Awaited<ReturnType<ReturnType<typeof newestFirst>["executeTakeFirstOrThrow"]>>;

const toEpisode = ({ transcript_kind, has_chapters, ...row }: Row, mediaBaseUrl: string | undefined): Episode => {
  const paths = episodeFilePaths(row.id);
  return {
    ...row,
    tags: tagsFromColumn(row.tags),
    sample: Number(row.sample) === 1,
    audio_url: row.mp3_file ? mediaUrl("podcast-episodes", row.mp3_file, mediaBaseUrl) : null,
    transcript_url: transcript_kind === "timed" ? paths.vtt : transcript_kind === "plain" ? paths.text : null,
    chapters_url: Number(has_chapters) ? paths.chapters : null,
  };
};

/**
 * The chapters of a page's episodes, and the transcript of the one the address
 * names (`withTranscript`), read and parsed, by episode id. Other transcripts are
 * fetched when a reader opens them, so a page of ten episodes stays small.
 */
export async function extrasOfEpisodes(
  db: Kysely<DB>,
  ids: number[],
  withTranscript?: number,
): Promise<Record<number, EpisodeExtras>> {
  if (!ids.length) return {};
  const rows = await db
    .selectFrom("podcast_episodes")
    .select((eb) => [
      "id",
      "chapters",
      eb
        .case()
        .when("id", "=", withTranscript ?? -1)
        .then(eb.ref("transcript"))
        .else(sql<string | null>`null`)
        .end()
        .as("transcript"),
    ])
    .where("id", "in", ids)
    .where((eb) => eb.or([eb("transcript", "is not", null), eb("chapters", "is not", null)]))
    .execute();
  const out: Record<number, EpisodeExtras> = {};
  for (const row of rows) {
    const transcript = row.transcript === null ? undefined : parseTranscript(row.transcript);
    out[row.id] = {
      ...(transcript?.kind === "timed" ? { cues: transcript.cues } : transcript ? { text: transcript.text } : {}),
      ...(row.chapters ? { chapters: (JSON.parse(row.chapters) as { chapters: Chapter[] }).chapters } : {}),
    };
  }
  return out;
}

/** An episode's transcript (stored form) and chapters (JSON), read alone. */
export async function episodeExtras(
  db: Kysely<DB>,
  id: number,
): Promise<{ transcript: string | null; chapters: string | null } | undefined> {
  return db.selectFrom("podcast_episodes").select(["transcript", "chapters"]).where("id", "=", id).executeTakeFirst();
}

async function countEpisodes(db: Kysely<DB>, filter: EpisodeFilter): Promise<number> {
  const query = matching(
    db,
    db.selectFrom("podcast_episodes").select((eb) => eb.fn.countAll<number>().as("n")),
    filter,
  );
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const keyOf = (row: Row): Keyset => ({ at: row.date, id: row.id });

/** Up to `limit` episodes (of one series, when given) after `cursor`, newest first, with the cursor of the rest and the number in all. */
export async function listEpisodes(
  db: Kysely<DB>,
  options: EpisodeFilter & { mediaBaseUrl?: string | undefined; limit?: number; cursor?: Keyset | undefined } = {},
): Promise<Slice<Episode>> {
  const limit = options.limit ?? API_LIST_MAX;
  const cursor = options.cursor;
  const [rows, total] = await withSearchIndex(db, options.q, (db: Kysely<DB>) => {
    let query = newestFirst(db, options).limit(limit + 1);
    if (cursor) query = query.where((eb) => afterKeyset(eb.ref("date"), eb.ref("id"), "desc", cursor));
    return Promise.all([query.execute(), countEpisodes(db, options)]);
  });
  return sliceOf(rows, limit, total, keyOf, (row) => toEpisode(row, options.mediaBaseUrl));
}

/** One numbered page of episodes (of one series, when given), newest first, and how many there are in all. */
export async function episodePage(
  db: Kysely<DB>,
  options: EpisodeFilter & { mediaBaseUrl?: string | undefined; window: PageWindow },
): Promise<{ items: Episode[]; total: number }> {
  const { window } = options;
  const [rows, total] = await withSearchIndex(db, options.q, (db: Kysely<DB>) =>
    Promise.all([
      newestFirst(db, options).limit(window.perPage).offset(window.offset).execute(),
      countEpisodes(db, options),
    ]),
  );
  return { items: rows.map((row) => toEpisode(row, options.mediaBaseUrl)), total };
}

/** How many episodes (of one series, when given) come before episode `id`, newest first; undefined when it is not in that list. */
export async function episodePosition(
  db: Kysely<DB>,
  id: number,
  series: Series | undefined,
): Promise<number | undefined> {
  const episode = await db
    .selectFrom("podcast_episodes")
    .select(["date", "id", "weekly_daily"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!episode || (series && episode.weekly_daily !== series)) return undefined;
  let query = db
    .selectFrom("podcast_episodes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => afterKeyset(eb.ref("date"), eb.ref("id"), "asc", { at: episode.date, id: episode.id }));
  if (series) query = query.where("weekly_daily", "=", series);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every episode (of one series, when given), newest first: for feeds, which list the whole show, and the assistant's index. */
export async function everyEpisode(
  db: Kysely<DB>,
  options: { series?: Series | undefined; mediaBaseUrl?: string | undefined } = {},
): Promise<Episode[]> {
  return (await newestFirst(db, { series: options.series }).execute()).map((row) =>
    toEpisode(row, options.mediaBaseUrl),
  );
}

/** The newest episode: the spec's "date descending, limit 1". */
export async function latestEpisode(db: Kysely<DB>, mediaBaseUrl?: string): Promise<Episode | undefined> {
  const row = await newestFirst(db, {}).limit(1).executeTakeFirst();
  return row && toEpisode(row, mediaBaseUrl);
}

export async function getEpisode(db: Kysely<DB>, id: number, mediaBaseUrl?: string): Promise<Episode | undefined> {
  const row = await selectEpisode(db).where("id", "=", id).executeTakeFirst();
  return row && toEpisode(row, mediaBaseUrl);
}
