import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { ImportRefused } from "../market/iowa-file.ts";
import { writeImport, type ImportResult, type ObservationInput } from "../market/market-store.ts";
import { readCensusFile, type CensusRow } from "./census-hs2208-file.ts";
import { CENSUS_HS2208_SOURCE } from "./census-source.ts";

// The measures kept of each month, code and country: the customs values, and the quantity in the
// unit the Census declares for the code (proof liters for spirits).
export const CENSUS_MEASURES = {
  general: "general_imports_usd",
  consumption: "consumption_imports_usd",
} as const;
const quantityMeasure = (unit: string) => `quantity_${unit.toLowerCase().replace(/[^a-z0-9]+/g, "_") || "units"}`;

/** The geography of a row: all countries, one country (code and name), or none for a group of countries. */
export function censusGeography(row: Pick<CensusRow, "countryCode" | "countryName">): string | undefined {
  if (row.countryCode === "-" || /^TOTAL FOR ALL COUNTRIES$/i.test(row.countryName)) return "world";
  // A country's code is four digits from 1000 up; the groups (the EU "0003", "North America" "1XXX") are not countries.
  return /^[1-9]\d{3}$/.test(row.countryCode) ? `country:${row.countryCode}:${row.countryName}` : undefined;
}

/**
 * Imports one saved answer of the Census international trade API for HS 2208 (`hub data import
 * census-hs2208 <file.json>`, or the desk's upload). Each month a file holds is set whole: its
 * figures replace the source's for that month (the Census revises months in later releases), other
 * months stay. A withheld figure ("(D)") is left out, so the month shows a gap for it rather than a
 * zero; it is counted as refused. The same bytes again write nothing; a refused file writes nothing.
 */
export async function importCensusFile(db: Kysely<DB>, input: Readable, fileName: string): Promise<ImportResult> {
  const observations: ObservationInput[] = [];
  const units: Record<string, string> = {
    [CENSUS_MEASURES.general]: "USD",
    [CENSUS_MEASURES.consumption]: "USD",
  };
  const periods = new Set<string>();
  let kept = 0;
  let withheld = 0;
  const read = await readCensusFile(input, (row) => {
    const geography = censusGeography(row);
    if (!geography) return;
    kept++;
    periods.add(row.period);
    const add = (measure: string, value: number | null) => {
      if (value === null) return void withheld++;
      observations.push({ measure, geography, category: row.code, period: row.period, value });
    };
    add(CENSUS_MEASURES.general, row.generalValue);
    add(CENSUS_MEASURES.consumption, row.consumptionValue);
    if (row.quantityUnit) {
      const measure = quantityMeasure(row.quantityUnit);
      units[measure] = row.quantityUnit;
      add(measure, row.quantity);
    }
  });
  if (kept === 0)
    throw new ImportRefused(
      `Row 1: the answer holds no month of a country or of all countries (${read.rowsRead} rows read); nothing was imported.`,
    );
  return writeImport(db, {
    source: CENSUS_HS2208_SOURCE,
    units,
    fileName,
    checksum: read.checksum,
    rowsRead: read.rowsRead,
    rowsKept: kept,
    rowsRefused: withheld,
    periods: [...periods].sort(),
    observations,
  });
}
