import { sql, type Kysely } from "kysely";
import { createEpisode } from "../data/admin-episodes.server.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { tagsFromColumn } from "#common/topics/topic.ts";
import { queueOnPublish, type NewsletterPolicy } from "../newsletter/auto-send.server.ts";

export interface Publication {
  kind: "recap" | "episode";
  draftId: number;
  itemId: number;
}

/** Drafts claimed per kind and pass: a backlog after downtime goes out in a few quick passes. */
const BATCH = 20;

/**
 * Claims drafts by deleting them: of two instances (or two clicks) racing for
 * one draft, exactly one deletes it and publishes it, in the same transaction;
 * the other finds nothing. On PostgreSQL, due drafts are chosen FOR UPDATE SKIP
 * LOCKED, so instances split a backlog instead of queueing behind each other;
 * SQLite has one writer at a time, which gives the same guarantee.
 */
async function claim(
  trx: Kysely<DB>,
  table: "recap_drafts" | "episode_drafts",
  where: { id: number } | { dueBy: string },
) {
  const pg = engineOf(trx) === "postgres";
  const chosen =
    "id" in where
      ? sql`(select id from ${sql.table(table)} where id = ${where.id}${pg ? sql` for update` : sql``})`
      : sql`(select id from ${sql.table(table)} where publish_at <= ${where.dueBy} order by publish_at, id limit ${BATCH}${pg ? sql` for update skip locked` : sql``})`;
  return trx
    .deleteFrom(table)
    .where("id", "in", chosen as never)
    .returningAll()
    .execute();
}

async function publishClaimed(
  trx: Kysely<DB>,
  kind: "recap" | "episode",
  by: string,
  draftId: number,
  publish: () => Promise<number>,
): Promise<Publication> {
  const itemId = await publish();
  await trx
    .insertInto("publications")
    .values({ kind, draft_id: draftId, item_id: itemId, published_by: by, published_at: new Date().toISOString() })
    .execute();
  return { kind, draftId, itemId };
}

async function publishRecaps(
  trx: Kysely<DB>,
  by: string,
  where: { id: number } | { dueBy: string },
  newsletter?: NewsletterPolicy,
): Promise<Publication[]> {
  const out: Publication[] = [];
  for (const draft of await claim(trx, "recap_drafts", where)) {
    const d = draft as unknown as DB["recap_drafts"] & { id: number };
    out.push(
      await publishClaimed(trx, "recap", by, d.id, async () => {
        const { recap } = await createRecap(trx, {
          date: d.date,
          headline: d.headline,
          content: d.content,
          snippets: d.snippets,
          tags: d.tags ? (JSON.parse(d.tags) as string[]) : [],
          blog_image: d.blog_image,
        });
        await queueOnPublish(trx, newsletter, recap);
        return recap.id;
      }),
    );
  }
  return out;
}

async function publishEpisodes(
  trx: Kysely<DB>,
  by: string,
  where: { id: number } | { dueBy: string },
): Promise<Publication[]> {
  const out: Publication[] = [];
  for (const draft of await claim(trx, "episode_drafts", where)) {
    const d = draft as unknown as DB["episode_drafts"] & { id: number };
    out.push(
      await publishClaimed(trx, "episode", by, d.id, async () => {
        const audio = d.byte_size === null ? null : { byteSize: d.byte_size, durationSeconds: d.duration_seconds };
        const { episode } = await createEpisode(
          trx,
          {
            date: d.date,
            title: d.title,
            description: d.description,
            weekly_daily: d.weekly_daily,
            mp3_file: d.mp3_file,
            transcript: d.transcript,
            chapters: d.chapters,
            tags: tagsFromColumn(d.tags),
          },
          audio,
        );
        return episode.id;
      }),
    );
  }
  return out;
}

/** Publish now: the draft becomes a public recap; undefined when it was already published (by the schedule or another click). */
export async function publishRecapDraft(
  db: Kysely<DB>,
  draftId: number,
  by: string,
  newsletter?: NewsletterPolicy,
): Promise<Publication | undefined> {
  return (await db.transaction().execute((trx) => publishRecaps(trx, by, { id: draftId }, newsletter)))[0];
}

export async function publishEpisodeDraft(
  db: Kysely<DB>,
  draftId: number,
  by: string,
): Promise<Publication | undefined> {
  return (await db.transaction().execute((trx) => publishEpisodes(trx, by, { id: draftId })))[0];
}

/** Publishes everything scheduled at or before `now`: one batch per kind, in one transaction. */
export async function publishDue(
  db: Kysely<DB>,
  by: string,
  now = new Date(),
  newsletter?: NewsletterPolicy,
): Promise<Publication[]> {
  const dueBy = now.toISOString();
  return db
    .transaction()
    .execute(async (trx) => [
      ...(await publishRecaps(trx, by, { dueBy }, newsletter)),
      ...(await publishEpisodes(trx, by, { dueBy })),
    ]);
}
