import type { Kysely } from "kysely";
import { afterKeyset, type Keyset } from "./list-page.server.ts";
import type { CommentStatus, DB } from "../db/schema.ts";
import { COMMENT_TARGETS, TARGETS, type CommentTarget } from "./comments.ts";

/** A comment as the moderator sees it: with its status, its writer's address and what it hangs under. */
export interface ModeratedComment {
  id: string;
  target: CommentTarget;
  parent_id: number;
  parent_title: string;
  author_name: string;
  comment_text: string;
  status: CommentStatus;
  client_address: string | null;
  created_at: string;
}

// Both tables share one shape; the types come back at the function edges.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables' names are chosen at run time
type AnyDb = Kysely<any>;

export interface CommentQueueFilter {
  limit: number;
  status?: CommentStatus | undefined;
  /** Only the comments under one recap or episode. */
  item?: { target: CommentTarget; id: number } | undefined;
  /** Only comments older than this one (the moderation queue's next page). */
  before?: Keyset | undefined;
}

/** The latest comments across recaps and episodes, newest first, optionally of one status, under one item, older than a cursor. */
export async function listLatestComments(db: Kysely<DB>, options: CommentQueueFilter): Promise<ModeratedComment[]> {
  const targets = options.item ? [options.item.target] : COMMENT_TARGETS;
  const perTarget = await Promise.all(
    targets.map(async (target) => {
      const t = TARGETS[target];
      let query = (db as AnyDb)
        .selectFrom(`${t.table} as c`)
        .innerJoin(`${t.parent} as p`, "p.id", `c.${t.key}`)
        .select([
          "c.id",
          `c.${t.key} as parent_id`,
          `p.${t.title} as parent_title`,
          "c.author_name",
          "c.comment_text",
          "c.status",
          "c.client_address",
          "c.created_at",
        ])
        .orderBy("c.created_at", "desc")
        .orderBy("c.id", "desc")
        .limit(options.limit);
      if (options.status) query = query.where("c.status", "=", options.status);
      if (options.item) query = query.where(`c.${t.key}`, "=", options.item.id);
      const before = options.before;
      if (before) query = query.where((eb) => afterKeyset(eb.ref("c.created_at"), eb.ref("c.id"), "desc", before));
      return ((await query.execute()) as Array<Omit<ModeratedComment, "target">>).map((c) => ({ ...c, target }));
    }),
  );
  const time = (c: ModeratedComment) => new Date(c.created_at).getTime();
  return perTarget
    .flat()
    .sort((a, b) => time(b) - time(a) || b.id.localeCompare(a.id))
    .slice(0, options.limit);
}

/** How many comments there are across recaps and episodes, of one status or all. */
export async function countComments(db: Kysely<DB>, status?: CommentStatus): Promise<number> {
  const counts = await Promise.all(
    COMMENT_TARGETS.map(async (target) => {
      let query = (db as AnyDb).selectFrom(TARGETS[target].table).select((eb) => eb.fn.countAll().as("n"));
      if (status) query = query.where("status", "=", status);
      return Number(((await query.executeTakeFirst()) as { n: number | string }).n);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Hides or shows a comment, wherever it is; false when no comment has that id. */
export async function setCommentStatus(db: Kysely<DB>, id: string, status: CommentStatus): Promise<boolean> {
  for (const target of COMMENT_TARGETS) {
    const result = await db.updateTable(TARGETS[target].table).set({ status }).where("id", "=", id).executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return true;
  }
  return false;
}

/** Deletes a comment for good; false when no comment has that id. */
export async function deleteComment(db: Kysely<DB>, id: string): Promise<boolean> {
  for (const target of COMMENT_TARGETS) {
    const result = await db.deleteFrom(TARGETS[target].table).where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) return true;
  }
  return false;
}
