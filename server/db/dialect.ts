import { sql, type ColumnDefinitionBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { engineOf, type Engine } from "./client.ts";

/** Every difference between SQLite and PostgreSQL that the schema and queries care about. */
export interface DialectHelpers {
  engine: Engine;
  /** An auto-numbered integer primary key. */
  idColumn: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  idType: "integer" | "serial";
  dateType: "text" | "date";
  timestampType: "text" | "timestamptz";
  /** The current instant in the column's format (ISO-8601 UTC on SQLite). */
  now: RawBuilder<string>;
  /** True when `text` contains `needle`, ignoring case beyond ASCII (ILIKE; a Unicode fold on SQLite). */
  containsIgnoringCase: (text: Expression<string | null>, needle: string) => RawBuilder<boolean>;
  /** True when `text` contains `needle` as a whole word (or words), ignoring case: site search ranks these first. */
  containsWordIgnoringCase: (text: Expression<string | null>, needle: string) => RawBuilder<boolean>;
  /**
   * Rows of a table with a trigram search index that may contain `needle`: a
   * superset that the index finds without reading every row, to be narrowed by
   * `containsIgnoringCase`. Undefined when the engine needs no such hint
   * (PostgreSQL's pg_trgm GIN indexes serve ILIKE directly) or the needle is
   * shorter than a trigram.
   */
  searchCandidates: (
    index: "recap_search" | "episode_search",
    id: Expression<number>,
    needle: string,
  ) => RawBuilder<SqlBool> | undefined;
}

/** A search box's text as a needle: trimmed; undefined when nothing is left. */
export function searchNeedle(q: string | undefined): string | undefined {
  return q?.trim() || undefined;
}

/**
 * A needle with a NUL character can match no stored text (PostgreSQL refuses NUL
 * in text, and FTS5 cannot take one in a phrase): such a search finds nothing,
 * without asking the database to compare it.
 */
export const matchesNothing = (needle: string) => needle.includes("\u0000");

/** A trigram index can only narrow a search for three characters or more. */
export const TRIGRAM = 3;

/**
 * Runs the queries of one substring search. PostgreSQL's planner prices ILIKE
 * as cheap and so prefers reading every row to the pg_trgm indexes (measured
 * over 5,000 recaps: 210 ms against 9 ms), so there the search runs in a
 * transaction that rules out sequential scans; SQLite's FTS5 candidates are
 * part of the query itself.
 */
export function withSearchIndex<T>(
  db: Kysely<any>,
  q: string | undefined,
  run: (db: Kysely<any>) => Promise<T>,
): Promise<T> {
  const needle = searchNeedle(q);
  if (engineOf(db) !== "postgres" || !needle || matchesNothing(needle) || [...needle].length < TRIGRAM) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return run(trx);
  });
}

/** A LIKE pattern matching `needle` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function dialectOf(db: Kysely<any>): DialectHelpers {
  const engine = engineOf(db);
  if (engine === "postgres") {
    return {
      engine,
      idColumn: (col) => col.primaryKey(),
      idType: "serial",
      dateType: "date",
      timestampType: "timestamptz",
      now: sql<string>`now()`,
      containsIgnoringCase: (text, needle) => sql<boolean>`${text} ilike ${containsPattern(needle)} escape '\\'`,
      // ARE: a backslash before a non-alphanumeric character takes it literally.
      containsWordIgnoringCase: (text, needle) =>
        sql<boolean>`coalesce(${text} ~* ${`(^|[^[:alnum:]_])${needle.replace(/[^\p{L}\p{N}\s]/gu, "\\$&")}($|[^[:alnum:]_])`}, false)`,
      searchCandidates: () => undefined,
    };
  }
  return {
    engine,
    idColumn: (col) => col.primaryKey().autoIncrement(),
    idType: "integer",
    dateType: "text",
    timestampType: "text",
    now: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    containsIgnoringCase: (text, needle) =>
      sql<boolean>`unicode_lower(${text}) like unicode_lower(${containsPattern(needle)}) escape '\\'`,
    containsWordIgnoringCase: (text, needle) => sql<boolean>`contains_word(${text}, ${needle}) = 1`,
    // An FTS5 phrase of the needle: its trigrams, next to each other, in one column.
    searchCandidates: (index, id, needle) =>
      [...needle].length < TRIGRAM
        ? undefined
        : sql<SqlBool>`${id} in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${`"${needle.replaceAll('"', '""')}"`})`,
  };
}
