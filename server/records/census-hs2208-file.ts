import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import JSONParser from "@streamparser/json-node/jsonparser.js";
import { ImportRefused } from "../market/iowa-file.ts";
import { HS2208_LABELS } from "#common/records/import-figures.ts";
import { checksumStream } from "../market/file-checksum.ts";

// The U.S. Census Bureau's international trade API (imports by HS code), its JSON answer as the
// operator saved it (issue 41): an array of rows whose first row names the variables. Read value by
// value, never held whole.

export const CENSUS_VARIABLES = [
  "CTY_CODE",
  "CTY_NAME",
  "I_COMMODITY",
  "I_COMMODITY_SDESC",
  "GEN_VAL_MO",
  "CON_VAL_MO",
  "GEN_QY1_MO",
  "UNIT_QY1",
  "YEAR",
  "MONTH",
] as const;

/** One month of one code from one country (or all countries), as the answer gives it. */
export interface CensusRow {
  /** "2010", or "-" for the total of all countries. */
  countryCode: string;
  countryName: string;
  /** The six-digit HS code. */
  code: string;
  /** YYYY-MM. */
  period: string;
  /** U.S. dollars; null where the Census suppressed or withheld the figure. */
  generalValue: number | null;
  consumptionValue: number | null;
  quantity: number | null;
  quantityUnit: string;
}

export interface CensusReadSummary {
  checksum: string;
  rowsRead: number;
}

/** A figure as the API writes it: digits (a string or a number); anything else ("(D)", "", null) is withheld. */
function figure(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/**
 * Reads a saved answer row by row, handing each month of an HS 2208 code to `onRow`. Refuses, naming
 * the row (the header is row 0) and the variable: a file that is not a JSON array of arrays, a header
 * without the ten variables, a row of another width, a code that is not one of 2208's six-digit codes,
 * a year or month that is none.
 */
export async function readCensusFile(input: Readable, onRow: (row: CensusRow) => void): Promise<CensusReadSummary> {
  const checksum = checksumStream();
  let at: Record<string, number> | undefined;
  let width = 0;
  let rowsRead = 0;
  let index = -1;
  const where = (variable?: string) => `Row ${index}${variable ? `, ${variable}` : ""}`;
  const parser = new JSONParser({ paths: ["$.*"], keepStack: false });
  const rows = new Transform({
    objectMode: true,
    transform({ value }: { value: unknown }, _enc, done) {
      index++;
      try {
        if (!Array.isArray(value)) throw new ImportRefused(`${where()}: expected an array of the variables' values.`);
        if (!at) {
          const names = value.map((v) => String(v).trim().toUpperCase());
          const missing = CENSUS_VARIABLES.filter((v) => !names.includes(v));
          if (missing.length)
            throw new ImportRefused(
              `Row 0: the header lacks ${missing.join(", ")}; ask the API for ${CENSUS_VARIABLES.join(",")}.`,
            );
          at = Object.fromEntries(CENSUS_VARIABLES.map((v) => [v, names.indexOf(v)]));
          width = value.length;
          return done();
        }
        if (value.length !== width)
          throw new ImportRefused(`${where()}: ${value.length} values where the header names ${width}.`);
        rowsRead++;
        const get = (v: (typeof CENSUS_VARIABLES)[number]) => value[at![v]!];
        const text = (v: (typeof CENSUS_VARIABLES)[number]) => String(get(v) ?? "").trim();
        const code = text("I_COMMODITY");
        if (!Object.hasOwn(HS2208_LABELS, code))
          throw new ImportRefused(`${where("I_COMMODITY")}: "${code}" is not a six-digit HS code under 2208.`);
        const year = text("YEAR");
        if (!/^(19|20)\d\d$/.test(year)) throw new ImportRefused(`${where("YEAR")}: "${year}" is not a year.`);
        const month = text("MONTH");
        if (!/^(0?[1-9]|1[0-2])$/.test(month)) throw new ImportRefused(`${where("MONTH")}: "${month}" is not a month.`);
        const countryCode = text("CTY_CODE");
        if (!countryCode) throw new ImportRefused(`${where("CTY_CODE")}: the row names no country.`);
        onRow({
          countryCode,
          countryName: text("CTY_NAME"),
          code,
          period: `${year}-${month.padStart(2, "0")}`,
          generalValue: figure(get("GEN_VAL_MO")),
          consumptionValue: figure(get("CON_VAL_MO")),
          quantity: figure(get("GEN_QY1_MO")),
          quantityUnit: text("UNIT_QY1"),
        });
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline([input, checksum.stream, parser, rows]);
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(`The file is not the API's JSON answer: ${(error as Error).message}`);
  }
  if (!at) throw new ImportRefused("Row 0: the file holds no header row; expected the API's JSON answer.");
  return { checksum: checksum.digest(), rowsRead };
}
