import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Recap search is a case-insensitive substring match (spec section 5), which no
// ordinary index can serve: with years of recaps every search read every row.
// Trigram indexes find the rows that may contain a needle of three characters
// or more; the query still applies the exact test to those rows.
// - SQLite: an FTS5 table with the trigram tokenizer over the three searched
//   columns, kept in step by triggers (external content: the text is stored once).
// - PostgreSQL: pg_trgm GIN indexes, which serve ILIKE '%…%' directly.
// Comments are listed a page at a time by (created_at, id) among the visible
// ones of one recap or episode; the index holds exactly that order.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  for (const [table, key] of [
    ["recap_comments", "recap_id"],
    ["podcast_comments", "episode_id"],
  ] as const) {
    await db.schema
      .createIndex(`${table}_${key}_listing_idx`)
      .ifNotExists()
      .on(table)
      .columns([key, "status", "created_at", "id"])
      .execute();
  }

  if (d.engine === "postgres") {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of ["headline", "content", "snippets"]) {
      await sql`create index if not exists ${sql.id(`weekly_summaries_${column}_trgm_idx`)} on weekly_summaries using gin (${sql.id(column)} gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await sql`create virtual table if not exists recap_search using fts5(
    headline, content, snippets,
    content = 'weekly_summaries', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  )`.execute(db);
  await sql`create trigger if not exists weekly_summaries_search_insert after insert on weekly_summaries begin
    insert into recap_search (rowid, headline, content, snippets) values (new.id, new.headline, new.content, new.snippets);
  end`.execute(db);
  await sql`create trigger if not exists weekly_summaries_search_delete after delete on weekly_summaries begin
    insert into recap_search (recap_search, rowid, headline, content, snippets) values ('delete', old.id, old.headline, old.content, old.snippets);
  end`.execute(db);
  await sql`create trigger if not exists weekly_summaries_search_update after update of headline, content, snippets on weekly_summaries begin
    insert into recap_search (recap_search, rowid, headline, content, snippets) values ('delete', old.id, old.headline, old.content, old.snippets);
    insert into recap_search (rowid, headline, content, snippets) values (new.id, new.headline, new.content, new.snippets);
  end`.execute(db);
  await sql`insert into recap_search (recap_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  for (const [table, key] of [
    ["recap_comments", "recap_id"],
    ["podcast_comments", "episode_id"],
  ] as const) {
    await db.schema.dropIndex(`${table}_${key}_listing_idx`).ifExists().execute();
  }
  if (d.engine === "postgres") {
    for (const column of ["headline", "content", "snippets"])
      await sql`drop index if exists ${sql.id(`weekly_summaries_${column}_trgm_idx`)}`.execute(db);
    return;
  }
  for (const event of ["insert", "delete", "update"])
    await sql`drop trigger if exists ${sql.id(`weekly_summaries_search_${event}`)}`.execute(db);
  await sql`drop table if exists recap_search`.execute(db);
}
