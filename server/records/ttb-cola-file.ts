import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import { ImportRefused } from "../market/iowa-file.ts";
import { checksumStream } from "../market/file-checksum.ts";

// TTB's Public COLA Registry, its search results exported as CSV (issue 41): one label approval a
// row. The importer that keeps them, joins them to the Top Players and classes them builds on this
// reader; docs/public-records.md says where the operator gets the file.

/** One label approval as the registry exports it. */
export interface ColaRow {
  /** The registry's TTB ID, without the apostrophes the export wraps it in ("24001001000123"). */
  ttbId: string;
  permitNumber: string;
  serialNumber: string;
  /** The day the application was completed (approved), YYYY-MM-DD. */
  completed: string;
  fancifulName: string;
  brandName: string;
  origin: string;
  /** The origin's description ("KENTUCKY"), when the export carries it. */
  originDescription: string | undefined;
  classType: string;
  /** The class and type's description ("STRAIGHT BOURBON WHISKY"), when the export carries it. */
  classTypeDescription: string | undefined;
}

export interface ColaReadSummary {
  checksum: string;
  rowsRead: number;
}

// The export's two layouts: with the descriptions of the origin and the class and type, and without.
const FULL = [
  "TTB ID",
  "Permit No.",
  "Serial Number",
  "Completed Date",
  "Fanciful Name",
  "Brand Name",
  "Origin",
  "Origin Desc",
  "Class/Type",
  "Class/Type Desc",
] as const;
const SHORT = FULL.filter((c) => !c.endsWith(" Desc"));

// A TTB ID is digits: fourteen in today's registry, fewer in some old records.
const TTB_ID = /^\d{8,20}$/;
const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * Reads a registry export row by row, handing each approval to `onRow`; holds nothing of the file
 * itself. Throws ImportRefused, naming the line, for a header of neither layout, a row of another
 * width, a TTB ID that is not one, a date that is no day, or a row with no brand name.
 */
export async function readColaFile(input: Readable, onRow: (row: ColaRow) => void): Promise<ColaReadSummary> {
  const checksum = checksumStream();
  let line = 1;
  let rowsRead = 0;
  let full: boolean | undefined;
  const parser = parse({ bom: true, relax_column_count: false, skip_empty_lines: true, max_record_size: 64 * 1024 });
  const rows = new Transform({
    objectMode: true,
    transform(record: string[], _enc, done) {
      try {
        line = parser.info.lines;
        if (full === undefined) {
          full = layoutOf(record);
          return done();
        }
        rowsRead++;
        onRow(rowOf(record, full, line));
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
    if (error instanceof CsvError) {
      const at = (error as CsvError & { lines?: number }).lines ?? line;
      throw new ImportRefused(`Line ${at}: not a readable CSV row (${error.message}).`);
    }
    throw error;
  }
  if (full === undefined) throw new ImportRefused("Line 1: the file is empty; expected the registry's header.");
  return { checksum: checksum.digest(), rowsRead };
}

function layoutOf(header: string[]): boolean {
  const names = header.map((h) => h.trim());
  const is = (columns: readonly string[]) =>
    names.length === columns.length && columns.every((c, i) => names[i]!.toLowerCase() === c.toLowerCase());
  if (is(FULL)) return true;
  if (is(SHORT)) return false;
  throw new ImportRefused(
    `Line 1: the header is not the registry's export. Expected ${FULL.join(", ")} (or without the two Desc columns); got: ${names.join(", ").slice(0, 300)}.`,
  );
}

function rowOf(record: string[], full: boolean, line: number): ColaRow {
  const field = (i: number) => record[i]!.trim();
  const at = (column: string) => `Line ${line}, column ${column}`;
  // The export writes the ID as text for spreadsheets: a leading apostrophe, sometimes a trailing one too.
  const ttbId = field(0).replace(/^'+|'+$/g, "");
  if (!TTB_ID.test(ttbId)) throw new ImportRefused(`${at("TTB ID")}: "${field(0)}" is not a TTB ID.`);
  const date = DATE.exec(field(3));
  const [month, day, year] = date ? [Number(date[1]), Number(date[2]), Number(date[3])] : [0, 0, 0];
  const when = new Date(Date.UTC(year, month - 1, day));
  if (!date || when.getUTCMonth() !== month - 1 || when.getUTCDate() !== day)
    throw new ImportRefused(`${at("Completed Date")}: "${field(3)}" is not a date as MM/DD/YYYY.`);
  const brandName = field(5);
  if (!brandName) throw new ImportRefused(`${at("Brand Name")}: the approval names no brand.`);
  return {
    ttbId,
    permitNumber: field(1),
    serialNumber: field(2),
    completed: when.toISOString().slice(0, 10),
    fancifulName: field(4),
    brandName,
    origin: field(6),
    originDescription: full ? field(7) : undefined,
    classType: field(full ? 8 : 7),
    classTypeDescription: full ? field(9) : undefined,
  };
}
