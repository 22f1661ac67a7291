import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// The spec's four tables, with its column names, plus what moderation, idempotent
// publishing and the podcast feeds need. Never edit after it has landed: add a migration.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);

  await db.schema
    .createTable("weekly_summaries")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("date", d.dateType, (c) => c.notNull())
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("snippets", "text")
    .addColumn("tags", "text")
    .addColumn("blog_image", "text")
    .addColumn("external_key", "text", (c) => c.unique())
    .addColumn("created_at", d.timestampType, (c) => c.notNull().defaultTo(d.now))
    .addColumn("updated_at", d.timestampType, (c) => c.notNull().defaultTo(d.now))
    .execute();
  await db.schema
    .createIndex("weekly_summaries_date_idx")
    .ifNotExists()
    .on("weekly_summaries")
    .columns(["date desc", "id desc"])
    .execute();

  await db.schema
    .createTable("podcast_episodes")
    .ifNotExists()
    .addColumn("id", d.idType, d.idColumn)
    .addColumn("date", d.dateType, (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("mp3_file", "text")
    .addColumn("weekly_daily", "text", (c) => c.notNull().check(sqlIn("weekly_daily", ["daily", "weekly"])))
    .addColumn("duration_seconds", "integer")
    .addColumn("byte_size", "integer")
    .addColumn("guid", "text", (c) => c.notNull().unique())
    .addColumn("created_at", d.timestampType, (c) => c.notNull().defaultTo(d.now))
    .addColumn("updated_at", d.timestampType, (c) => c.notNull().defaultTo(d.now))
    .execute();
  await db.schema
    .createIndex("podcast_episodes_date_idx")
    .ifNotExists()
    .on("podcast_episodes")
    .columns(["date desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("podcast_episodes_series_date_idx")
    .ifNotExists()
    .on("podcast_episodes")
    .columns(["weekly_daily", "date desc", "id desc"])
    .execute();

  for (const [table, parent, key] of [
    ["recap_comments", "weekly_summaries", "recap_id"],
    ["podcast_comments", "podcast_episodes", "episode_id"],
  ] as const) {
    await db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn(key, "integer", (c) => c.notNull().references(`${parent}.id`).onDelete("cascade"))
      .addColumn("author_name", "text", (c) => c.notNull())
      .addColumn("comment_text", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("visible")
          .check(sqlIn("status", ["visible", "hidden"])),
      )
      .addColumn("client_address", "text")
      .addColumn("created_at", d.timestampType, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex(`${table}_${key}_created_idx`)
      .ifNotExists()
      .on(table)
      .columns([key, "created_at"])
      .execute();
    await db.schema
      .createIndex(`${table}_client_created_idx`)
      .ifNotExists()
      .on(table)
      .columns(["client_address", "created_at"])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["recap_comments", "podcast_comments", "weekly_summaries", "podcast_episodes"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// Values are this file's own constants, never input.
function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}
