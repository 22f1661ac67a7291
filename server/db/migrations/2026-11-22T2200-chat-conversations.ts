import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// A follow-up ("and their key brands?", "what about Pernod?") needs what the
// conversation was about. The browser sends only the new message and the
// conversation's uuid (spec section 7), so the server keeps a small context per
// uuid, in the database so that any instance can answer the next turn.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("chat_conversations")
    .ifNotExists()
    .addColumn("uuid", "text", (c) => c.primaryKey())
    .addColumn("context", "text", (c) => c.notNull())
    .addColumn("updated_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_conversations_updated_idx")
    .ifNotExists()
    .on("chat_conversations")
    .column("updated_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chat_conversations").ifExists().execute();
}
