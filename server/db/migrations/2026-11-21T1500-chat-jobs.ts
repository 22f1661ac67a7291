import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Deep-research runs outlive a page: a visitor who reloads or comes back finds the
// run again (by conversation) on any instance of the server, with its true start time.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("chat_jobs")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("conversation", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("output", "text")
    .addColumn("error_status", "integer")
    .addColumn("client_address", "text")
    .addColumn("started_at", d.timestampType, (c) => c.notNull())
    .addColumn("finished_at", d.timestampType)
    .execute();
  await db.schema
    .createIndex("chat_jobs_conversation_idx")
    .ifNotExists()
    .on("chat_jobs")
    .columns(["conversation", "started_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chat_jobs").ifExists().execute();
}
