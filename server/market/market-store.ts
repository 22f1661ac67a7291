import type { Kysely, Transaction } from "kysely";
import type { DataSourcesTable, DB } from "../db/schema.ts";
import type { ImportOutcome } from "#common/desk/data-import.ts";

export interface ObservationInput {
  measure: string;
  geography: string;
  category: string;
  period: string;
  value: number;
}

export interface ImportInput {
  source: DataSourcesTable;
  /** Each measure's unit. */
  units: Record<string, string>;
  fileName: string;
  checksum: string;
  rowsRead: number;
  rowsKept: number;
  rowsRefused: number;
  /** Every period the file holds, sorted: their figures become the file's. */
  periods: string[];
  observations: ObservationInput[];
}

/** What an import answers: the desk shows it as it is. */
export type ImportResult = ImportOutcome;

/** Rows a statement writes at once: well inside both engines' limits on bound values. */
const BATCH = 500;

/**
 * Writes one import in one transaction: the source as it is described now, the import's own
 * row, any series not seen before, then the file's periods, replacing whatever figures the
 * source had for them. Importing the same bytes again writes nothing.
 */
export async function writeImport(db: Kysely<DB>, input: ImportInput): Promise<ImportResult> {
  const { source, periods } = input;
  const summary = {
    rowsRead: input.rowsRead,
    rowsKept: input.rowsKept,
    rowsRefused: input.rowsRefused,
    firstPeriod: periods[0]!,
    lastPeriod: periods.at(-1)!,
  };
  return db.transaction().execute(async (trx) => {
    const same = await openImport(trx, source, input.checksum);
    if (same) return alreadyImported(summary, same);

    const held = new Set(await periodsHeld(trx, source.id));
    const periodsReplaced = periods.filter((p) => held.has(p)).length;
    const { importId, importedAt } = await recordImport(
      trx,
      { source, fileName: input.fileName, checksum: input.checksum, summary },
      { added: periods.length - periodsReplaced, repeated: periodsReplaced },
    );

    const seriesIds = await ensureSeries(trx, source.id, input);
    for (let i = 0; i < periods.length; i += BATCH) {
      await trx
        .deleteFrom("data_observations")
        .where("period", "in", periods.slice(i, i + BATCH))
        .where("series_id", "in", (q) => q.selectFrom("data_series").select("id").where("source_id", "=", source.id))
        .execute();
    }
    for (let i = 0; i < input.observations.length; i += BATCH) {
      await trx
        .insertInto("data_observations")
        .values(
          input.observations.slice(i, i + BATCH).map((o) => ({
            series_id: seriesIds.get(seriesKey(o))!,
            period: o.period,
            value: o.value,
            import_id: importId,
          })),
        )
        .execute();
    }
    return {
      ...summary,
      importId,
      unchanged: false,
      importedAt,
      periodsAdded: periods.length - periodsReplaced,
      periodsReplaced,
    };
  });
}

/** What every import says of its file, before anything is written. */
export type ImportSummary = Pick<ImportResult, "rowsRead" | "rowsKept" | "rowsRefused" | "firstPeriod" | "lastPeriod">;

/** What an import of bytes imported before answers: the earlier import, and nothing written. */
export const alreadyImported = (summary: ImportSummary, same: { id: number; imported_at: string }): ImportResult => ({
  ...summary,
  importId: same.id,
  unchanged: true,
  importedAt: same.imported_at,
  periodsAdded: 0,
  periodsReplaced: 0,
});

/**
 * Records one import of a source's file (its checksum, what it read and what it set), in the import's
 * transaction; every row it writes names the import.
 */
export async function recordImport(
  trx: Transaction<DB>,
  input: { source: DataSourcesTable; fileName: string; checksum: string; summary: ImportSummary },
  counts: { added: number; repeated: number },
): Promise<{ importId: number; importedAt: string }> {
  const importedAt = new Date().toISOString();
  const { summary } = input;
  const { id } = await trx
    .insertInto("data_imports")
    .values({
      source_id: input.source.id,
      file_name: input.fileName,
      checksum: input.checksum,
      imported_at: importedAt,
      rows_read: summary.rowsRead,
      rows_kept: summary.rowsKept,
      rows_refused: summary.rowsRefused,
      first_period: summary.firstPeriod,
      last_period: summary.lastPeriod,
      periods_added: counts.added,
      periods_replaced: counts.repeated,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { importId: id, importedAt };
}

/**
 * The first step of any import's transaction: the source's row as it is described now, then the
 * earlier import of the same bytes, if any (then nothing is to be written). Taking the source's row
 * first makes imports of one source take turns (PostgreSQL's row lock; SQLite's one writer).
 */
export async function openImport(trx: Transaction<DB>, source: DataSourcesTable, checksum: string) {
  await trx
    .insertInto("data_sources")
    .values(source)
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...source }))
    .execute();
  return trx
    .selectFrom("data_imports")
    .selectAll()
    .where("source_id", "=", source.id)
    .where("checksum", "=", checksum)
    .orderBy("id")
    .executeTakeFirst();
}

const seriesKey = (s: { measure: string; geography: string; category: string }) =>
  `${s.measure}\t${s.geography}\t${s.category}`;

/** The id of every series the import writes, creating those the source did not have. */
async function ensureSeries(trx: Transaction<DB>, sourceId: string, input: ImportInput): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const s of await trx
    .selectFrom("data_series")
    .select(["id", "measure", "geography", "category"])
    .where("source_id", "=", sourceId)
    .execute())
    ids.set(seriesKey(s), s.id);
  const missing = new Map<string, { measure: string; geography: string; category: string }>();
  for (const o of input.observations) {
    const key = seriesKey(o);
    if (!ids.has(key) && !missing.has(key))
      missing.set(key, { measure: o.measure, geography: o.geography, category: o.category });
  }
  const rows = [...missing.values()];
  for (let i = 0; i < rows.length; i += BATCH) {
    const made = await trx
      .insertInto("data_series")
      .values(
        rows.slice(i, i + BATCH).map((s) => ({
          source_id: sourceId,
          measure: s.measure,
          unit: input.units[s.measure] ?? "",
          geography: s.geography,
          category: s.category,
        })),
      )
      .returning(["id", "measure", "geography", "category"])
      .execute();
    for (const s of made) ids.set(seriesKey(s), s.id);
  }
  return ids;
}

/** The periods a source has figures for, in any of its series. */
export async function periodsHeld(db: Kysely<DB>, sourceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("data_observations as o")
    .innerJoin("data_series as s", "s.id", "o.series_id")
    .select("o.period")
    .distinct()
    .where("s.source_id", "=", sourceId)
    .orderBy("o.period")
    .execute();
  return rows.map((r) => r.period);
}
