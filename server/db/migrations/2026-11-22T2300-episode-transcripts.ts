import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Transcripts and chapters (issue 18). `transcript` holds WebVTT for a timed
// transcript or the text of a plain one; `chapters` holds Podcasting 2.0 JSON
// chapters. Both are read one episode at a time, never with the lists.
// Episodes are searched like recaps (a case-insensitive substring of the title,
// description or transcript), through the same kind of trigram index: FTS5
// with the trigram tokenizer on SQLite, pg_trgm GIN indexes on PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  const columns = (await db.introspection.getTables())
    .find((t) => t.name === "podcast_episodes")!
    .columns.map((c) => c.name);
  if (!columns.includes("transcript"))
    await db.schema.alterTable("podcast_episodes").addColumn("transcript", "text").execute();
  if (!columns.includes("chapters"))
    await db.schema.alterTable("podcast_episodes").addColumn("chapters", "text").execute();

  if (dialectOf(db).engine === "postgres") {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of ["title", "description", "transcript"]) {
      await sql`create index if not exists ${sql.id(`podcast_episodes_${column}_trgm_idx`)} on podcast_episodes using gin (${sql.id(column)} gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await sql`create virtual table if not exists episode_search using fts5(
    title, description, transcript,
    content = 'podcast_episodes', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  )`.execute(db);
  await sql`create trigger if not exists podcast_episodes_search_insert after insert on podcast_episodes begin
    insert into episode_search (rowid, title, description, transcript) values (new.id, new.title, new.description, new.transcript);
  end`.execute(db);
  await sql`create trigger if not exists podcast_episodes_search_delete after delete on podcast_episodes begin
    insert into episode_search (episode_search, rowid, title, description, transcript) values ('delete', old.id, old.title, old.description, old.transcript);
  end`.execute(db);
  await sql`create trigger if not exists podcast_episodes_search_update after update of title, description, transcript on podcast_episodes begin
    insert into episode_search (episode_search, rowid, title, description, transcript) values ('delete', old.id, old.title, old.description, old.transcript);
    insert into episode_search (rowid, title, description, transcript) values (new.id, new.title, new.description, new.transcript);
  end`.execute(db);
  await sql`insert into episode_search (episode_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db).engine === "postgres") {
    for (const column of ["title", "description", "transcript"])
      await sql`drop index if exists ${sql.id(`podcast_episodes_${column}_trgm_idx`)}`.execute(db);
  } else {
    for (const event of ["insert", "delete", "update"])
      await sql`drop trigger if exists ${sql.id(`podcast_episodes_search_${event}`)}`.execute(db);
    await sql`drop table if exists episode_search`.execute(db);
  }
  await db.schema.alterTable("podcast_episodes").dropColumn("transcript").execute();
  await db.schema.alterTable("podcast_episodes").dropColumn("chapters").execute();
}
