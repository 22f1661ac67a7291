import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 25. A shared conversation is a read-only copy the asker chose to publish:
// only its questions and answers, no address, uuid or other visitor data; it
// expires, and the asker can remove it with the key only they were given (kept
// as a hash). Feedback is a reader's verdict on one answer, with the question,
// the answer and the provider that answered, so the desk can list what failed.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("chat_shares")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("messages", "text", (c) => c.notNull())
    .addColumn("remove_key_hash", "text", (c) => c.notNull())
    .addColumn("created_at", d.timestampType, (c) => c.notNull())
    .addColumn("expires_at", d.timestampType, (c) => c.notNull())
    .addColumn("removed_at", d.timestampType)
    .execute();
  await db.schema.createIndex("chat_shares_expires_idx").ifNotExists().on("chat_shares").column("expires_at").execute();

  await db.schema
    .createTable("chat_feedback")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("rating", "text", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("created_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_feedback_rating_idx")
    .ifNotExists()
    .on("chat_feedback")
    .columns(["rating", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chat_feedback").ifExists().execute();
  await db.schema.dropTable("chat_shares").ifExists().execute();
}
