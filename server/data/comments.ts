import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { afterKeyset, sliceOf, type Keyset, type Slice } from "./list-page.server.ts";

/** What a comment hangs under: a weekly recap or a podcast episode. */
export type CommentTarget = "recap" | "episode";

/** A comment as the public sees it: never its status or the writer's address. */
export interface PublicComment {
  id: string;
  author_name: string;
  comment_text: string;
  created_at: string;
  /** The parent's id, under the spec's column name for the table. */
  recap_id?: number;
  episode_id?: number;
}

export interface NewComment {
  parentId: number;
  authorName: string;
  commentText: string;
  clientAddress: string | null;
}

// The spec's two tables differ only in their names, their parent key and title, and the
// order readers see them in (recap comments oldest first, episode comments newest first).
export const TARGETS = {
  recap: { table: "recap_comments", parent: "weekly_summaries", key: "recap_id", title: "headline", order: "asc" },
  episode: { table: "podcast_comments", parent: "podcast_episodes", key: "episode_id", title: "title", order: "desc" },
} as const;
export const COMMENT_TARGETS = Object.keys(TARGETS) as CommentTarget[];

// Both tables share one shape, so one untyped query serves both; the types come back at the function edges.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two tables' names are chosen at run time
type AnyDb = Kysely<any>;

/**
 * Up to `limit` visible comments under one recap or episode after `cursor`, in
 * the order the spec gives that table, with the cursor of the rest and how many there are.
 */
export async function listComments(
  db: Kysely<DB>,
  target: CommentTarget,
  parentId: number,
  options: { limit: number; cursor?: Keyset | undefined },
): Promise<Slice<PublicComment>> {
  const t = TARGETS[target];
  const { limit } = options;
  const visible = () => (db as AnyDb).selectFrom(t.table).where(t.key, "=", parentId).where("status", "=", "visible");
  let query = visible()
    .select(["id", t.key, "author_name", "comment_text", "created_at"])
    .orderBy("created_at", t.order)
    .orderBy("id", t.order)
    .limit(limit + 1);
  const cursor = options.cursor;
  if (cursor) query = query.where((eb) => afterKeyset(eb.ref("created_at"), eb.ref("id"), t.order, cursor));
  const [rows, count] = await Promise.all([
    query.execute() as Promise<PublicComment[]>,
    visible()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow() as Promise<{ n: number }>,
  ]);
  return sliceOf(
    rows,
    limit,
    Number(count.n),
    (c) => ({ at: c.created_at, id: c.id }),
    (c) => c,
  );
}

export async function commentParentExists(db: Kysely<DB>, target: CommentTarget, parentId: number): Promise<boolean> {
  const t = TARGETS[target];
  const row = await (db as AnyDb).selectFrom(t.parent).select("id").where("id", "=", parentId).executeTakeFirst();
  return row !== undefined;
}

/** Stores a visible comment as written and returns it; the insert is committed (and synced) before this resolves. */
export async function addComment(db: Kysely<DB>, target: CommentTarget, input: NewComment): Promise<PublicComment> {
  const t = TARGETS[target];
  const row = {
    id: randomUUID(),
    [t.key]: input.parentId,
    author_name: input.authorName,
    comment_text: input.commentText,
    status: "visible",
    client_address: input.clientAddress,
    created_at: new Date().toISOString(),
  };
  await (db as AnyDb).insertInto(t.table).values(row).execute();
  const { id, author_name, comment_text, created_at } = row;
  return { id, [t.key]: input.parentId, author_name, comment_text, created_at };
}

/** Deletes a recap or an episode and its comments in one transaction; false when there was none. */
export async function deleteWithComments(db: Kysely<DB>, target: CommentTarget, parentId: number): Promise<boolean> {
  const t = TARGETS[target];
  return db.transaction().execute(async (trx) => {
    await (trx as AnyDb).deleteFrom(t.table).where(t.key, "=", parentId).execute();
    const result = await (trx as AnyDb).deleteFrom(t.parent).where("id", "=", parentId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
