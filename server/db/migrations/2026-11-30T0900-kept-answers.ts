import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 37: the server keeps each answer it gives (ANSWER_KEEP_DAYS), and a share
// or a verdict names the answers it is about by id, so the hub publishes only what
// it said. A share is rendered once, when it is made (issue 38); copies made before
// have no rendering: their text came from the browser, and they are not shown.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("chat_answers")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("conversation", "text", (c) => c.notNull())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("sources", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("asked_at", d.timestampType, (c) => c.notNull())
    .addColumn("answered_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_answers_answered_idx")
    .ifNotExists()
    .on("chat_answers")
    .column("answered_at")
    .execute();

  await db.schema.alterTable("chat_jobs").addColumn("answer_id", "text").execute();
  await db.schema.alterTable("chat_shares").addColumn("html", "text").execute();
  await db.schema.alterTable("chat_shares").addColumn("title", "text").execute();
  await db.schema.alterTable("chat_feedback").addColumn("answer_id", "text").execute();
  // One verdict per answer: its asker's.
  await db.schema
    .createIndex("chat_feedback_answer_idx")
    .ifNotExists()
    .unique()
    .on("chat_feedback")
    .column("answer_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("chat_feedback_answer_idx").ifExists().execute();
  await db.schema.alterTable("chat_feedback").dropColumn("answer_id").execute();
  await db.schema.alterTable("chat_shares").dropColumn("title").execute();
  await db.schema.alterTable("chat_shares").dropColumn("html").execute();
  await db.schema.alterTable("chat_jobs").dropColumn("answer_id").execute();
  await db.schema.dropTable("chat_answers").ifExists().execute();
}
