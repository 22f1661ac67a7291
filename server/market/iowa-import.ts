import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { ImportRefused, readIowaFile, type IowaRow } from "./iowa-file.ts";
import { IOWA_SOURCE, MEASURES, type Measure } from "./iowa-source.ts";
import { writeImport, type ImportResult } from "./market-store.ts";

/**
 * Imports one Iowa file (`hub data import iowa-liquor-sales <file>`, or the desk's upload).
 * The file is read once, row by row, into sums per month at the grains the pages read (the
 * state by family and by category, each county by family); memory grows with the months and
 * categories a file covers, never with its rows. Then one transaction sets the figures of the
 * months the file holds: a file read again changes nothing, and a later one adds its new months
 * and replaces the months it repeats. A refused file changes nothing at all.
 */
export async function importIowaFile(db: Kysely<DB>, input: Readable, fileName: string): Promise<ImportResult> {
  const sums = new Map<string, number[]>();
  const periods = new Set<string>();
  let kept = 0;
  const add = (geography: string, category: string, row: IowaRow) => {
    const key = `${geography}\t${category}\t${row.period}`;
    const values = sums.get(key) ?? MEASURES.map(() => 0);
    if (values.length && !sums.has(key)) sums.set(key, values);
    MEASURES.forEach((m, i) => (values[i] = values[i]! + valueOf(row, m)));
  };
  const read = await readIowaFile(input, (row) => {
    kept++;
    periods.add(row.period);
    add("state", "all", row);
    add("state", row.family, row);
    add("state", `${row.family}/${row.category}`, row);
    if (row.county !== null) add(`county:${row.county}`, row.family, row);
  });
  // A header alone, or rows of no Iowa county only: there is no month to set, and nothing is written.
  if (kept === 0)
    throw new ImportRefused(
      `Line 2: the file holds no row of an Iowa county (${read.rowsRead} rows read); nothing was imported.`,
    );
  const observations = [...sums].flatMap(([key, values]) => {
    const [geography, category, period] = key.split("\t") as [string, string, string];
    return MEASURES.map((measure, i) => ({
      measure: measure.id,
      geography,
      category,
      period,
      value: round(values[i]!),
    }));
  });
  return writeImport(db, {
    source: IOWA_SOURCE,
    units: Object.fromEntries(MEASURES.map((m) => [m.id, m.unit])),
    fileName,
    checksum: read.checksum,
    rowsRead: read.rowsRead,
    rowsKept: kept,
    rowsRefused: read.refused.length,
    periods: [...periods].sort(),
    observations,
  });
}

function valueOf(row: IowaRow, measure: Measure): number {
  switch (measure.id) {
    case "sales_dollars":
      return row.dollars;
    case "volume_liters":
      return row.liters;
  }
}

// Sums of cents and centiliters: two decimals, so a re-import's float order cannot move a figure.
const round = (n: number) => Math.round(n * 100) / 100;
