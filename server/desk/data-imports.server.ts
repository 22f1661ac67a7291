import type { Kysely } from "kysely";
import type { DeskImport, DeskSource } from "#common/desk/data-import.ts";
import type { DB } from "../db/schema.ts";
import { TTB_COLA_SOURCE } from "../records/ttb-source.ts";
import { CENSUS_HS2208_SOURCE } from "../records/census-source.ts";
import { IOWA_SOURCE } from "../market/iowa-source.ts";
import { SEC_COMPANYFACTS_SOURCE } from "../records/sec-source.ts";

/** The most imports the Data page lists of a source (newest first); the count says how many there are in all. */
export const IMPORTS_SHOWN = 50;

/** The sources the desk imports into, in the order its Data page shows them. */
const DESK_SOURCES = [IOWA_SOURCE, TTB_COLA_SOURCE, CENSUS_HS2208_SOURCE, SEC_COMPANYFACTS_SOURCE];

export interface DeskSourceImports {
  source: DeskSource;
  imports: DeskImport[];
  total: number;
}

/** What the desk's Data page shows of each source: its description and its imports, newest first. */
export async function deskImports(db: Kysely<DB>): Promise<DeskSourceImports[]> {
  return Promise.all(DESK_SOURCES.map((source) => sourceImports(db, source)));
}

async function sourceImports(db: Kysely<DB>, source: DeskSource): Promise<DeskSourceImports> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("data_imports")
      .selectAll()
      .where("source_id", "=", source.id)
      .orderBy("id", "desc")
      .limit(IMPORTS_SHOWN)
      .execute(),
    db
      .selectFrom("data_imports")
      .select((e) => e.fn.countAll().as("n"))
      .where("source_id", "=", source.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    source,
    total: Number(count.n),
    imports: rows.map((r) => ({
      id: r.id,
      fileName: r.file_name,
      checksum: r.checksum,
      importedAt: r.imported_at,
      rowsRead: r.rows_read,
      rowsKept: r.rows_kept,
      rowsRefused: r.rows_refused,
      firstPeriod: r.first_period,
      lastPeriod: r.last_period,
      periodsAdded: r.periods_added,
      periodsReplaced: r.periods_replaced,
    })),
  };
}
