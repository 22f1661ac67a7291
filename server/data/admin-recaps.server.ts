import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { tagsColumn } from "#common/topics/topic.ts";
import { deleteWithComments } from "./comments.ts";
import { getRecap, type Recap } from "./recaps.server.ts";

/** A recap as the publishing API takes it; `external_key` makes a create idempotent. */
export interface RecapInput {
  date: string;
  headline: string;
  content: string;
  snippets?: string | null | undefined;
  tags?: string[] | undefined;
  blog_image?: string | null | undefined;
  external_key?: string | undefined;
}

export type RecapPatch = Partial<Omit<RecapInput, "external_key">>;

/**
 * Publishes a recap, or returns the one already published under the same
 * external key (a workflow that runs twice publishes once): `created` says which.
 */
export async function createRecap(
  db: Kysely<DB>,
  input: RecapInput,
  mediaBaseUrl?: string,
): Promise<{ recap: Recap; created: boolean }> {
  if (input.external_key) {
    const existing = await db
      .selectFrom("weekly_summaries")
      .select("id")
      .where("external_key", "=", input.external_key)
      .executeTakeFirst();
    if (existing) return { recap: (await getRecap(db, existing.id, mediaBaseUrl))!, created: false };
  }
  const row = await db
    .insertInto("weekly_summaries")
    .values({
      date: input.date,
      headline: input.headline,
      content: input.content,
      snippets: input.snippets ?? null,
      tags: tagsColumn(input.tags ?? []),
      blog_image: input.blog_image ?? null,
      external_key: input.external_key ?? null,
    })
    // Two identical requests at once: the unique key lets one insert win; the other finds it below.
    .onConflict((oc) => oc.column("external_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return createRecap(db, input, mediaBaseUrl);
  return { recap: (await getRecap(db, row.id, mediaBaseUrl))!, created: true };
}

/** Changes the given fields of a recap; undefined when there is no such recap. */
export async function updateRecap(
  db: Kysely<DB>,
  id: number,
  patch: RecapPatch,
  mediaBaseUrl?: string,
): Promise<Recap | undefined> {
  const values = {
    ...(patch.date !== undefined ? { date: patch.date } : {}),
    ...(patch.headline !== undefined ? { headline: patch.headline } : {}),
    ...(patch.content !== undefined ? { content: patch.content } : {}),
    ...(patch.snippets !== undefined ? { snippets: patch.snippets } : {}),
    ...(patch.tags !== undefined ? { tags: tagsColumn(patch.tags) } : {}),
    ...(patch.blog_image !== undefined ? { blog_image: patch.blog_image } : {}),
  };
  const result = await db
    .updateTable("weekly_summaries")
    .set({ ...values, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return getRecap(db, id, mediaBaseUrl);
}

/** Deletes a recap and its comments; false when there was none. */
export const deleteRecap = (db: Kysely<DB>, id: number): Promise<boolean> => deleteWithComments(db, "recap", id);
