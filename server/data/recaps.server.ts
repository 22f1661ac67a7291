import type { Kysely, Selectable } from "kysely";
import { dialectOf } from "../db/dialect.ts";
import type { DB, WeeklySummariesTable } from "../db/schema.ts";
import { mediaUrl } from "../media/buckets.ts";

/** A weekly summary as pages and the API see it. */
export interface Recap {
  id: number;
  date: string;
  headline: string;
  content: string;
  snippets: string | null;
  tags: string[];
  blog_image: string | null;
  /** The public address of `blog_image`, from this site or MEDIA_BASE_URL. */
  blog_image_url: string | null;
}

const COLUMNS = ["id", "date", "headline", "content", "snippets", "tags", "blog_image"] as const;

/** One line of the recap list: enough to show and pick it. */
export interface RecapHeadline {
  id: number;
  date: string;
  headline: string;
}

/** Every recap whose headline, content or snippets contain `q` (ignoring case), newest first. */
function recapsMatching(db: Kysely<DB>, q: string | undefined) {
  let query = db.selectFrom("weekly_summaries").orderBy("date", "desc").orderBy("id", "desc");
  const needle = q?.trim();
  if (needle) {
    const { containsIgnoringCase } = dialectOf(db);
    query = query.where((eb) =>
      eb.or([
        containsIgnoringCase(eb.ref("headline"), needle),
        containsIgnoringCase(eb.ref("content"), needle),
        containsIgnoringCase(eb.ref("snippets"), needle),
      ]),
    );
  }
  return query;
}

export async function listRecaps(db: Kysely<DB>, options: { q?: string | undefined; mediaBaseUrl?: string | undefined; limit?: number } = {}): Promise<Recap[]> {
  let query = recapsMatching(db, options.q).select(COLUMNS);
  if (options.limit) query = query.limit(options.limit);
  return (await query.execute()).map((row) => toRecap(row, options.mediaBaseUrl));
}

export function listRecapHeadlines(db: Kysely<DB>, q?: string): Promise<RecapHeadline[]> {
  return recapsMatching(db, q).select(["id", "date", "headline"]).execute();
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
    tags: parseTags(row.tags),
    blog_image: row.blog_image,
    blog_image_url: row.blog_image ? mediaUrl("weekly-summary-pics", row.blog_image, mediaBaseUrl) : null,
  };
}

function parseTags(column: string | null): string[] {
  if (!column) return [];
  try {
    const value: unknown = JSON.parse(column);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
