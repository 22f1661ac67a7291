import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// The editor's desk (issue 16): staff accounts with sessions in the database (so a
// sign-in holds on every instance), sign-in failures counted in the database
// (a lockout every instance agrees on), one-time links to set a password, and
// recaps and episodes that are not public yet. Unpublished items live in tables
// of their own, never in the public ones: no public query, feed, sitemap, search
// index or assistant answer can show them by mistake, and saving a draft does not
// invalidate the page cache. Publishing moves a draft into the public table in
// one transaction and logs it once (publications, unique per draft).
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("staff_users")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("created_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("staff_sessions")
    .ifNotExists()
    // The sha256 of the cookie's secret: a copy of the table signs no one in.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("csrf", "text", (c) => c.notNull())
    .addColumn("created_at", d.timestampType, (c) => c.notNull())
    .addColumn("expires_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sessions_user_idx").ifNotExists().on("staff_sessions").column("user_id").execute();
  await db.schema
    .createTable("staff_tokens")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("expires_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("signin_failures")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("signin_failures_key_idx")
    .ifNotExists()
    .on("signin_failures")
    .columns(["key", "at"])
    .execute();

  await db.schema
    .createTable("recap_drafts")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("date", d.dateType, (c) => c.notNull())
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("snippets", "text")
    .addColumn("tags", "text")
    .addColumn("blog_image", "text")
    .addColumn("publish_at", d.timestampType)
    .addColumn("updated_at", d.timestampType, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("episode_drafts")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("date", d.dateType, (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("mp3_file", "text")
    .addColumn("weekly_daily", "text", (c) => c.notNull())
    .addColumn("duration_seconds", "integer")
    .addColumn("byte_size", "integer")
    .addColumn("transcript", "text")
    .addColumn("chapters", "text")
    .addColumn("publish_at", d.timestampType)
    .addColumn("updated_at", d.timestampType, (c) => c.notNull())
    .execute();
  // The scheduler's question, "what is due?", reads this index.
  await db.schema.createIndex("recap_drafts_due_idx").ifNotExists().on("recap_drafts").column("publish_at").execute();
  await db.schema
    .createIndex("episode_drafts_due_idx")
    .ifNotExists()
    .on("episode_drafts")
    .column("publish_at")
    .execute();
  await db.schema
    .createTable("publications")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("draft_id", "integer", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("published_by", "text", (c) => c.notNull())
    .addColumn("published_at", d.timestampType, (c) => c.notNull())
    .addUniqueConstraint("publications_once", ["kind", "draft_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "publications",
    "episode_drafts",
    "recap_drafts",
    "signin_failures",
    "staff_tokens",
    "staff_sessions",
    "staff_users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
