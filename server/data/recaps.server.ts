import { sql, type Kysely, type Selectable } from "kysely";
import { dialectOf, matchesNothing, searchNeedle, withSearchIndex } from "../db/dialect.ts";
import type { DB, WeeklySummariesTable } from "../db/schema.ts";
import type { Recap, RecapHeadline } from "#common/content/recap.ts";
import { tagsFromColumn } from "#common/topics/topic.ts";

export type { Recap, RecapHeadline };
import { mediaUrl } from "../media/buckets.ts";
import { afterKeyset, API_LIST_MAX, sliceOf, type Keyset, type PageWindow, type Slice } from "./list-page.server.ts";

const COLUMNS = ["id", "date", "headline", "content", "snippets", "tags", "sample", "blog_image"] as const;

/**
 * Every recap whose headline, content or snippets contain `q` (ignoring case),
 * newest first. The containment test is the spec's; the search index only
 * narrows which rows it has to look at (see `searchCandidates`).
 */
function recapsMatching(db: Kysely<DB>, q: string | undefined) {
  let query = db.selectFrom("weekly_summaries");
  const needle = searchNeedle(q);
  if (needle) {
    const { containsIgnoringCase, searchCandidates } = dialectOf(db);
    if (matchesNothing(needle)) return query.where(sql<boolean>`1 = 0`);
    query = query.where((eb) => {
      const contains = eb.or([
        containsIgnoringCase(eb.ref("headline"), needle),
        containsIgnoringCase(eb.ref("content"), needle),
        containsIgnoringCase(eb.ref("snippets"), needle),
      ]);
      const candidates = searchCandidates("recap_search", eb.ref("id"), needle);
      return candidates ? eb.and([candidates, contains]) : contains;
    });
  }
  return query;
}

const newestFirst = <Q extends ReturnType<typeof recapsMatching>>(query: Q) =>
  query.orderBy("date", "desc").orderBy("id", "desc");

async function countMatching(db: Kysely<DB>, q: string | undefined): Promise<number> {
  const row = await recapsMatching(db, q)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const keyOf = (row: { date: string; id: number }): Keyset => ({ at: row.date, id: row.id });

/** Up to `limit` recaps matching `q` after `cursor`, newest first, with the cursor of the rest and the number matching. */
export async function listRecaps(
  db: Kysely<DB>,
  options: {
    q?: string | undefined;
    mediaBaseUrl?: string | undefined;
    limit?: number;
    cursor?: Keyset | undefined;
  } = {},
): Promise<Slice<Recap>> {
  const limit = options.limit ?? API_LIST_MAX;
  const cursor = options.cursor;
  const [rows, total] = await withSearchIndex(db, options.q, (db: Kysely<DB>) => {
    let query = newestFirst(recapsMatching(db, options.q))
      .select(COLUMNS)
      .limit(limit + 1);
    if (cursor) query = query.where((eb) => afterKeyset(eb.ref("date"), eb.ref("id"), "desc", cursor));
    return Promise.all([query.execute(), countMatching(db, options.q)]);
  });
  return sliceOf(rows, limit, total, keyOf, (row) => toRecap(row, options.mediaBaseUrl));
}

/** Every recap, newest first: for the assistant's index, which reads the whole archive once per change. */
export async function everyRecap(db: Kysely<DB>): Promise<Recap[]> {
  return (await newestFirst(recapsMatching(db, undefined)).select(COLUMNS).execute()).map((row) =>
    toRecap(row, undefined),
  );
}

/** One numbered page of the recap list (headlines only) and how many recaps match in all. */
export async function recapHeadlinePage(
  db: Kysely<DB>,
  q: string | undefined,
  window: PageWindow,
): Promise<{ items: RecapHeadline[]; total: number }> {
  const [items, total] = await withSearchIndex(db, q, (db: Kysely<DB>) =>
    Promise.all([
      newestFirst(recapsMatching(db, q))
        .select(["id", "date", "headline"])
        .limit(window.perPage)
        .offset(window.offset)
        .execute(),
      countMatching(db, q),
    ]),
  );
  return { items, total };
}

/** Whether recap `id` exists and matches `q`. */
export async function recapMatches(db: Kysely<DB>, q: string | undefined, id: number): Promise<boolean> {
  return (await recapsMatching(db, q).select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** Every recap's id and date, newest first: what the sitemap lists. */
export function recapAddresses(db: Kysely<DB>): Promise<Array<{ id: number; date: string }>> {
  return newestFirst(recapsMatching(db, undefined)).select(["id", "date"]).execute();
}

export async function getRecap(db: Kysely<DB>, id: number, mediaBaseUrl?: string): Promise<Recap | undefined> {
  const row = await db.selectFrom("weekly_summaries").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && toRecap(row, mediaBaseUrl);
}

type RecapRow = Pick<Selectable<WeeklySummariesTable>, (typeof COLUMNS)[number]>;

function toRecap(row: RecapRow, mediaBaseUrl: string | undefined): Recap {
  return {
    id: row.id,
    date: row.date,
    headline: row.headline,
    content: row.content,
    snippets: row.snippets,
    tags: tagsFromColumn(row.tags),
    sample: Number(row.sample) === 1,
    blog_image: row.blog_image,
    blog_image_url: row.blog_image ? mediaUrl("weekly-summary-pics", row.blog_image, mediaBaseUrl) : null,
  };
}

export { tagsFromColumn };
