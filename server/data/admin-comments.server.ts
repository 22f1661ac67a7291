import type { Kysely } from "kysely";
import type { CommentStatus, DB } from "../db/schema.ts";
import type { CommentTarget } from "./comments.server.ts";

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

/** The latest comments across recaps and episodes, newest first, optionally of one status. */
export async function listLatestComments(db: Kysely<DB>, options: { limit: number; status?: CommentStatus | undefined }): Promise<ModeratedComment[]> {
  let recapQuery = db
    .selectFrom("recap_comments as c")
    .innerJoin("weekly_summaries as p", "p.id", "c.recap_id")
    .select(["c.id", "c.recap_id as parent_id", "p.headline as parent_title", "c.author_name", "c.comment_text", "c.status", "c.client_address", "c.created_at"])
    .orderBy("c.created_at", "desc")
    .limit(options.limit);
  let episodeQuery = db
    .selectFrom("podcast_comments as c")
    .innerJoin("podcast_episodes as p", "p.id", "c.episode_id")
    .select(["c.id", "c.episode_id as parent_id", "p.title as parent_title", "c.author_name", "c.comment_text", "c.status", "c.client_address", "c.created_at"])
    .orderBy("c.created_at", "desc")
    .limit(options.limit);
  if (options.status) {
    recapQuery = recapQuery.where("c.status", "=", options.status);
    episodeQuery = episodeQuery.where("c.status", "=", options.status);
  }
  const [recaps, episodes] = await Promise.all([recapQuery.execute(), episodeQuery.execute()]);
  const all: ModeratedComment[] = [
    ...recaps.map((c) => ({ ...c, target: "recap" as const, created_at: String(c.created_at) })),
    ...episodes.map((c) => ({ ...c, target: "episode" as const, created_at: String(c.created_at) })),
  ];
  const time = (c: ModeratedComment) => new Date(c.created_at).getTime();
  return all.sort((a, b) => time(b) - time(a) || b.id.localeCompare(a.id)).slice(0, options.limit);
}

const TABLES = ["recap_comments", "podcast_comments"] as const;

/** Hides or shows a comment, wherever it is; false when no comment has that id. */
export async function setCommentStatus(db: Kysely<DB>, id: string, status: CommentStatus): Promise<boolean> {
  for (const table of TABLES) {
    const result = await db.updateTable(table).set({ status }).where("id", "=", id).executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return true;
  }
  return false;
}

/** Deletes a comment for good; false when no comment has that id. */
export async function deleteComment(db: Kysely<DB>, id: string): Promise<boolean> {
  for (const table of TABLES) {
    const result = await db.deleteFrom(table).where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) return true;
  }
  return false;
}
