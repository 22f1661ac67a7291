import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// The weekly recap by email (issue 17). Subscribers are addresses, not accounts:
// each has a status (pending until the confirmation link is used, then confirmed,
// unsubscribed or bounced), when and where consent was given, the sha256 of the
// one-time confirmation secret and the unsubscribe key every mail carries.
// Sending is a queue in the database: a send per recap (unique, so a recap goes
// out once), expanded into one delivery per confirmed subscriber (unique per
// pair, so nobody gets a recap twice). Each delivery moves queued → sending →
// committing → sent under a lease that names the instance holding it; the
// committing mark is written just before the message's final dot goes to the
// SMTP server, which is what lets a restart after kill -9 tell a message the
// server may have accepted (never sent again) from one it cannot have (sent
// again). One row paces every instance together (SMTP_RATE_PER_SECOND).
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("newsletter_subscribers")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("requested_at", d.timestampType, (c) => c.notNull())
    .addColumn("confirmed_at", d.timestampType)
    .addColumn("unsubscribed_at", d.timestampType)
    .addColumn("bounced_at", d.timestampType)
    .addColumn("bounce_reason", "text")
    .addColumn("confirm_token", "text", (c) => c.unique())
    .addColumn("confirm_expires_at", d.timestampType)
    .addColumn("unsubscribe_key", "text", (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_status_idx")
    .ifNotExists()
    .on("newsletter_subscribers")
    .columns(["status", "id"])
    .execute();
  await db.schema
    .createTable("newsletter_sends")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("recap_id", "integer", (c) => c.notNull().unique())
    .addColumn("queued_by", "text", (c) => c.notNull())
    .addColumn("queued_at", d.timestampType, (c) => c.notNull())
    .addColumn("expanded_at", d.timestampType)
    .addColumn("recipients", "integer")
    .execute();
  await db.schema
    .createTable("newsletter_deliveries")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("send_id", "integer", (c) => c.notNull())
    .addColumn("subscriber_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", d.timestampType, (c) => c.notNull())
    .addColumn("owner", "text")
    .addColumn("lease_until", d.timestampType)
    .addColumn("sent_at", d.timestampType)
    .addColumn("last_error", "text")
    .addUniqueConstraint("newsletter_deliveries_once", ["send_id", "subscriber_id"])
    .execute();
  // The sender's question, "what is due?", reads this index (a send's counts read the unique pair's).
  await db.schema
    .createIndex("newsletter_deliveries_due_idx")
    .ifNotExists()
    .on("newsletter_deliveries")
    .columns(["status", "next_attempt_at", "id"])
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_subscriber_idx")
    .ifNotExists()
    .on("newsletter_deliveries")
    .column("subscriber_id")
    .execute();
  await db.schema
    .createTable("newsletter_pace")
    .ifNotExists()
    .addColumn("id", "integer", (c) => c.primaryKey())
    // Milliseconds since the epoch: the earliest moment the next message may start.
    .addColumn("next_at", "bigint", (c) => c.notNull())
    .execute();
  await db
    .insertInto("newsletter_pace")
    .values({ id: 1, next_at: 0 })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["newsletter_pace", "newsletter_deliveries", "newsletter_sends", "newsletter_subscribers"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
