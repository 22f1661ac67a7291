import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 27: the publisher's own audience figures (docs/analytics.md). Days are
// UTC calendar days as text (YYYY-MM-DD) and instants ISO-8601 text on both
// engines, so the same comparisons hold everywhere. The per-client tables
// (download_windows, reader_visitors) hold only salted hashes, and are emptied
// of anything older than two days together with the salt that made them; the
// daily tables keep counts and nothing that names a person.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("analytics_salts")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();

  // One row per client (a hash of address and user agent) and episode per 24-hour window:
  // the IAB's unit. It counts as a download once its bytes reach a minute of the episode.
  await db.schema
    .createTable("download_windows")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("episode_id", "integer", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("requests", "integer", (c) => c.notNull())
    .addColumn("counted", "integer", (c) => c.notNull())
    .addColumn("app", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    .addUniqueConstraint("download_windows_client_uq", ["episode_id", "client", "started_at"])
    .execute();
  await db.schema
    .createIndex("download_windows_started_idx")
    .ifNotExists()
    .on("download_windows")
    .column("started_at")
    .execute();

  // Downloads per day twice over, each as small as the Audience page needs: per episode, and
  // per listening app and platform (a year of a popular show is a few thousand rows in each).
  await db.schema
    .createTable("download_daily")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("episode_id", "integer", (c) => c.notNull())
    .addColumn("downloads", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("download_daily_pk", ["day", "episode_id"])
    .execute();
  await db.schema
    .createIndex("download_daily_episode_idx")
    .ifNotExists()
    .on("download_daily")
    .columns(["episode_id", "day"])
    .execute();
  await db.schema
    .createTable("download_apps_daily")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("app", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("downloads", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("download_apps_daily_pk", ["day", "app", "platform"])
    .execute();

  // A visitor (a hash with the day's salt) seen on a page that day: how unique visitors are counted once.
  await db.schema
    .createTable("reader_visitors")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reader_visitors_pk", ["day", "path", "visitor"])
    .execute();

  await db.schema
    .createTable("reader_daily")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("reader_daily_pk", ["day", "path"])
    .execute();

  // CDN logs already imported (by the SHA-256 of the file), so importing one twice counts nothing twice.
  await db.schema
    .createTable("analytics_imports")
    .ifNotExists()
    .addColumn("digest", "text", (c) => c.primaryKey())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .addColumn("lines", "integer", (c) => c.notNull())
    .addColumn("downloads", "integer", (c) => c.notNull())
    .execute();

  // Opt-in newsletter tracking (NEWSLETTER_TRACKING): the first open and the first click of
  // each subscriber for each send, so a send's figures are people, not image loads.
  await db.schema
    .createTable("newsletter_engagement")
    .ifNotExists()
    .addColumn("send_id", "integer", (c) => c.notNull())
    .addColumn("subscriber_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("newsletter_engagement_pk", ["send_id", "subscriber_id", "kind"])
    .execute();
  // Keys the server signs its own links with (made once, shared by every instance).
  await db.schema
    .createTable("site_secrets")
    .ifNotExists()
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  // Where readers came from: a referring domain, or a campaign (utm_source / utm_medium / utm_campaign).
  await db.schema
    .createTable("reader_sources")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("reader_sources_pk", ["day", "kind", "label"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "reader_sources",
    "reader_daily",
    "reader_visitors",
    "download_apps_daily",
    "download_daily",
    "download_windows",
    "site_secrets",
    "newsletter_engagement",
    "analytics_imports",
    "analytics_salts",
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
