import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 42: readers follow a company, a brand or a topic and get a digest of what the hub found.
// An address is one row of `newsletter_subscribers` whatever it asked for: the recap (`status`), the
// digest (`digest`), or both, so one confirmation serves both and each can be left alone by the other.
// `status` gains "none" for an address given only to follow. `reader_follows` holds what an address
// follows (any number). A digest goes out as a run (one a week, or one per recap for immediate
// alerts, each once ever by its `period_key`) expanded into one delivery per reader, under the same
// queue, leases and commit point as the recap's deliveries.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("digest", "text", (c) => c.notNull().defaultTo("none"))
    .execute();
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("digest_cadence", "text", (c) => c.notNull().defaultTo("weekly"))
    .execute();
  await db.schema
    .createTable("reader_follows")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("subscriber_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item", "text", (c) => c.notNull())
    .addColumn("created_at", d.timestampType, (c) => c.notNull())
    .addUniqueConstraint("reader_follows_unique", ["subscriber_id", "kind", "item"])
    .execute();
  await db.schema
    .createIndex("reader_follows_item_idx")
    .ifNotExists()
    .on("reader_follows")
    .columns(["kind", "item"])
    .execute();
  await db.schema
    .createTable("digest_runs")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("period_key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recap_id", "integer")
    .addColumn("since_at", d.timestampType, (c) => c.notNull())
    .addColumn("until_at", d.timestampType, (c) => c.notNull())
    .addColumn("queued_by", "text", (c) => c.notNull())
    .addColumn("queued_at", d.timestampType, (c) => c.notNull())
    .addColumn("expanded_at", d.timestampType)
    .addColumn("recipients", "integer")
    .execute();
  await db.schema
    .createTable("digest_deliveries")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("run_id", "integer", (c) => c.notNull())
    .addColumn("subscriber_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", d.timestampType, (c) => c.notNull())
    .addColumn("owner", "text")
    .addColumn("lease_until", d.timestampType)
    .addColumn("sent_at", d.timestampType)
    .addColumn("last_error", "text")
    .addUniqueConstraint("digest_deliveries_unique", ["run_id", "subscriber_id"])
    .execute();
  await db.schema
    .createIndex("digest_deliveries_due_idx")
    .ifNotExists()
    .on("digest_deliveries")
    .columns(["status", "next_attempt_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("digest_deliveries").ifExists().execute();
  await db.schema.dropTable("digest_runs").ifExists().execute();
  await db.schema.dropTable("reader_follows").ifExists().execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("digest_cadence").execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("digest").execute();
}
