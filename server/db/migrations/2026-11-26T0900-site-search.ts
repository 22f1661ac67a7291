import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Site-wide search (issue 26) also finds a recap by its tags. The recap search
// index covered headline, content and snippets only; it now covers tags too, so a
// tag-only match is still served by the index on both engines:
// - PostgreSQL: one more pg_trgm GIN index (an ILIKE over an OR of columns is
//   served by a BitmapOr only when every column has its index).
// - SQLite: the FTS5 trigram table is rebuilt with a tags column.
const COLUMNS_BEFORE = ["headline", "content", "snippets"] as const;
const COLUMNS_AFTER = ["headline", "content", "snippets", "tags"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db).engine === "postgres") {
    await sql`create index if not exists weekly_summaries_tags_trgm_idx on weekly_summaries using gin (tags gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await recreateRecapSearch(db, COLUMNS_AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db).engine === "postgres") {
    await sql`drop index if exists weekly_summaries_tags_trgm_idx`.execute(db);
    return;
  }
  await recreateRecapSearch(db, COLUMNS_BEFORE);
}

/** The SQLite recap search table and its triggers over `columns`, rebuilt from the recaps. */
async function recreateRecapSearch(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  for (const event of ["insert", "delete", "update"])
    await sql`drop trigger if exists ${sql.id(`weekly_summaries_search_${event}`)}`.execute(db);
  await sql`drop table if exists recap_search`.execute(db);
  const list = sql.join(columns.map((c) => sql.id(c)));
  const fromNew = sql.join(columns.map((c) => sql`new.${sql.id(c)}`));
  const fromOld = sql.join(columns.map((c) => sql`old.${sql.id(c)}`));
  await sql`create virtual table recap_search using fts5(
    ${list},
    content = 'weekly_summaries', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
  )`.execute(db);
  await sql`create trigger weekly_summaries_search_insert after insert on weekly_summaries begin
    insert into recap_search (rowid, ${list}) values (new.id, ${fromNew});
  end`.execute(db);
  await sql`create trigger weekly_summaries_search_delete after delete on weekly_summaries begin
    insert into recap_search (recap_search, rowid, ${list}) values ('delete', old.id, ${fromOld});
  end`.execute(db);
  await sql`create trigger weekly_summaries_search_update after update of ${list} on weekly_summaries begin
    insert into recap_search (recap_search, rowid, ${list}) values ('delete', old.id, ${fromOld});
    insert into recap_search (rowid, ${list}) values (new.id, ${fromNew});
  end`.execute(db);
  await sql`insert into recap_search (recap_search) values ('rebuild')`.execute(db);
}
