import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Confirmation mails go through a durable queue like every other message
// (issue 23): the subscribe form answers at once, whatever the address, so the
// time of its answer no longer tells whether an address is on the list (sending
// inline took a mail server's round trips for a new address and none for a
// confirmed one). One row per subscriber, renewed when they ask again; the
// confirmation secret is made when the mail is sent, so no secret waits in the
// queue. Status moves queued → sending → sent under a lease, as deliveries do.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("newsletter_confirmations")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("subscriber_id", "integer", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", d.timestampType, (c) => c.notNull())
    .addColumn("owner", "text")
    .addColumn("lease_until", d.timestampType)
    .addColumn("sent_at", d.timestampType)
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_confirmations_due_idx")
    .ifNotExists()
    .on("newsletter_confirmations")
    .columns(["status", "next_attempt_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_confirmations").ifExists().execute();
}
