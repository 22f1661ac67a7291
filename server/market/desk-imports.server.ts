import type { Kysely } from "kysely";
import type { DeskImport, DeskSource } from "#common/desk/data-import.ts";
import type { DB } from "../db/schema.ts";
import { IOWA_SOURCE } from "./iowa-source.ts";

/** The most imports the Data page lists (newest first); the count says how many there are in all. */
export const IMPORTS_SHOWN = 50;

/** What the desk's Data page shows of a source: its description and its imports, newest first. */
export async function deskImports(
  db: Kysely<DB>,
): Promise<{ source: DeskSource; imports: DeskImport[]; total: number }> {
  const source = IOWA_SOURCE;
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
