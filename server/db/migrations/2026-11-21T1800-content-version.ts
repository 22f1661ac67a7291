import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Every table whose rows appear on a page (or its comments). Written out here, not imported:
// a migration must stay as it landed whatever the code later calls these tables.
const CONTENT_TABLES = ["weekly_summaries", "podcast_episodes", "recap_comments", "podcast_comments"] as const;

// One number that moves with every committed change to what pages show. Triggers
// bump it inside the writing transaction itself, so a reader that sees the new
// number also sees the new rows, and writes made outside this server (an
// automation writing to the same tables, a restore) move it too. Rendered pages
// are cached per number.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("content_version")
    .ifNotExists()
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", d.engine === "postgres" ? "bigint" : "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into content_version (id, version) values (1, 0) on conflict (id) do nothing`.execute(db);

  if (d.engine === "postgres") {
    await sql`create or replace function proofline_bump_content_version() returns trigger language plpgsql as $$
      begin
        update content_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of CONTENT_TABLES) {
      const name = sql.id(`${table}_content_version`);
      await sql`drop trigger if exists ${name} on ${sql.table(table)}`.execute(db);
      await sql`create trigger ${name} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function proofline_bump_content_version()`.execute(db);
    }
    return;
  }
  for (const table of CONTENT_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger if not exists ${sql.id(`${table}_${event}_content_version`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update content_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  for (const table of CONTENT_TABLES) {
    if (d.engine === "postgres")
      await sql`drop trigger if exists ${sql.id(`${table}_content_version`)} on ${sql.table(table)}`.execute(db);
    else
      for (const event of ["insert", "update", "delete"])
        await sql`drop trigger if exists ${sql.id(`${table}_${event}_content_version`)}`.execute(db);
  }
  if (d.engine === "postgres") await sql`drop function if exists proofline_bump_content_version()`.execute(db);
  await db.schema.dropTable("content_version").ifExists().execute();
}
