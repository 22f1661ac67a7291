import { sql, type Kysely, type Selectable } from "kysely";
import { dialectOf, searchNeedle } from "../db/dialect.ts";
import type { DB, EpisodeDraftsTable, RecapDraftsTable } from "../db/schema.ts";
import type { Series } from "../data/episodes.server.ts";
import { tagsColumn, tagsFromColumn } from "#common/topics/topic.ts";

export type RecapDraft = Omit<Selectable<RecapDraftsTable>, "tags"> & { tags: string[] };
export type EpisodeDraft = Selectable<EpisodeDraftsTable>;

/** Draft (not public, no time set) or scheduled (goes live at publish_at). */
import type { DraftState } from "#common/desk/desk-types.ts";

export type { DraftState };

export interface RecapDraftInput {
  date: string;
  headline: string;
  content: string;
  snippets: string | null;
  tags: string[];
  blog_image: string | null;
  publish_at: string | null;
}

export interface EpisodeDraftInput {
  date: string;
  title: string;
  description: string;
  weekly_daily: Series;
  mp3_file: string | null;
  duration_seconds: number | null;
  byte_size: number | null;
  transcript: string | null;
  chapters: string | null;
  tags: string[];
  publish_at: string | null;
}

const toRecapDraft = (row: Selectable<RecapDraftsTable>): RecapDraft => ({ ...row, tags: tagsFromColumn(row.tags) });

/** Which unpublished items a desk list shows, the soonest scheduled first, then drafts by last change; `q` matches the title or text. */
function listDrafts<T extends "recap_drafts" | "episode_drafts">(
  db: Kysely<DB>,
  table: T,
  texts: ReadonlyArray<"headline" | "content" | "title" | "description">,
  options: { q?: string | undefined; state?: DraftState | undefined },
) {
  // The two tables share the columns used here; their own row types come back at the callers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time
  let query = (db as Kysely<any>).selectFrom(table).selectAll();
  if (options.state) query = query.where("publish_at", options.state === "scheduled" ? "is not" : "is", null);
  const needle = searchNeedle(options.q);
  if (needle)
    query = query.where((eb) =>
      eb.or(texts.map((column) => dialectOf(db).containsIgnoringCase(eb.ref(column), needle))),
    );
  return query
    .orderBy(sql`publish_at is null`)
    .orderBy("publish_at")
    .orderBy("updated_at", "desc")
    .execute() as Promise<Array<Selectable<DB[T]>>>;
}

export async function listRecapDrafts(
  db: Kysely<DB>,
  options: { q?: string | undefined; state?: DraftState | undefined } = {},
): Promise<RecapDraft[]> {
  return (await listDrafts(db, "recap_drafts", ["headline", "content"], options)).map(toRecapDraft);
}

export async function getRecapDraft(db: Kysely<DB>, id: number): Promise<RecapDraft | undefined> {
  const row = await db.selectFrom("recap_drafts").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRecapDraft(row);
}

/** Saves a new draft (no id) or changes one; undefined when the draft is gone (published meanwhile). */
export async function saveRecapDraft(
  db: Kysely<DB>,
  id: number | undefined,
  input: RecapDraftInput,
): Promise<number | undefined> {
  const values = { ...input, tags: tagsColumn(input.tags), updated_at: new Date().toISOString() };
  if (id === undefined)
    return (await db.insertInto("recap_drafts").values(values).returning("id").executeTakeFirstOrThrow()).id;
  const result = await db.updateTable("recap_drafts").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) ? id : undefined;
}

export async function deleteRecapDraft(db: Kysely<DB>, id: number): Promise<boolean> {
  return Number((await db.deleteFrom("recap_drafts").where("id", "=", id).executeTakeFirst()).numDeletedRows) > 0;
}

export function listEpisodeDrafts(
  db: Kysely<DB>,
  options: { q?: string | undefined; state?: DraftState | undefined } = {},
): Promise<EpisodeDraft[]> {
  return listDrafts(db, "episode_drafts", ["title", "description"], options);
}

export function getEpisodeDraft(db: Kysely<DB>, id: number): Promise<EpisodeDraft | undefined> {
  return db.selectFrom("episode_drafts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function saveEpisodeDraft(
  db: Kysely<DB>,
  id: number | undefined,
  input: EpisodeDraftInput,
): Promise<number | undefined> {
  const values = { ...input, tags: tagsColumn(input.tags), updated_at: new Date().toISOString() };
  if (id === undefined)
    return (await db.insertInto("episode_drafts").values(values).returning("id").executeTakeFirstOrThrow()).id;
  const result = await db.updateTable("episode_drafts").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) ? id : undefined;
}

export async function deleteEpisodeDraft(db: Kysely<DB>, id: number): Promise<boolean> {
  return Number((await db.deleteFrom("episode_drafts").where("id", "=", id).executeTakeFirst()).numDeletedRows) > 0;
}
