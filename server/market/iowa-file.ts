import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { parse, CsvError } from "csv-parse";
import countiesFile from "../../content/market-data/iowa-counties.json" with { type: "json" };
import { familyOf } from "./families.ts";
import { checksumStream } from "./file-checksum.ts";

/**
 * One row of Iowa's monthly liquor sales: a county's purchases of one category in one month.
 * Read from the shared file (ialiquor's aggregate) or from the state portal's CSV for the same
 * query (README of shared/data/iowa-liquor-sales).
 */
export interface IowaRow {
  /** YYYY-MM. */
  period: string;
  /** The county's name as the state spells it in full ("Buena Vista"); null in a statewide file. */
  county: string | null;
  /** The state's category, lower case, single-spaced ("100% agave tequila"); "" when the state gave none. */
  category: string;
  family: string;
  /** US$ retailers paid the state. */
  dollars: number;
  liters: number;
  bottles: number;
  /** US$ the state paid its vendors. */
  stateCost: number;
}

/** Why a file was refused: a sentence naming the line (the header is line 1) and, where there is one, the column. */
export class ImportRefused extends Error {
  override name = "ImportRefused";
}

/** The layouts the importer reads; each names its columns in its header line. */
const LAYOUTS = {
  // The shared file: ialiquor 0.1.0's export, with its own `type` (the family).
  shared: [
    "year",
    "year_month",
    "county",
    "population",
    "type",
    "category",
    "state_cost",
    "state_revenue",
    "bottles_sold",
    "volume",
  ],
  // The portal's CSV for the README's SoQL query ($select order).
  portal: ["year_month", "county", "category_name", "state_cost", "bottles_sold", "state_revenue", "volume"],
  // The shared file summed over its counties (content/make-market-sample.ts): the demo's market data.
  statewide: ["year", "year_month", "type", "category", "state_cost", "state_revenue", "bottles_sold", "volume"],
} as const;

const COUNTIES = new Map<string, string>();
for (const county of countiesFile.counties as Array<{ name: string; aliases?: string[] }>) {
  for (const spelling of [county.name, ...(county.aliases ?? [])]) COUNTIES.set(spelling.toLowerCase(), county.name);
}

export interface ReadSummary {
  checksum: string;
  rowsRead: number;
  /** Rows that name no Iowa county (the shared file has two for El Paso): read, not kept. */
  refused: Array<{ line: number; county: string }>;
}

/**
 * Reads an Iowa file, plain or gzipped, row by row, handing each kept row to `onRow`; holds
 * nothing of the file itself, so memory stays flat whatever its size. Throws ImportRefused for
 * a wrong header, an unreadable number, month or county, or a file that ends early.
 */
export async function readIowaFile(input: Readable, onRow: (row: IowaRow) => void): Promise<ReadSummary> {
  const checksum = checksumStream();
  let line = 1;
  let rowsRead = 0;
  let layout: keyof typeof LAYOUTS | undefined;
  const refused: ReadSummary["refused"] = [];

  // A row is a few hundred bytes: a "line" of megabytes is not one, and is refused before it fills memory.
  const parser = parse({
    bom: true,
    relax_column_count: false,
    skip_empty_lines: true,
    trim: false,
    max_record_size: 64 * 1024,
  });
  const rows = new Transform({
    objectMode: true,
    transform(record: string[], _enc, done) {
      try {
        line = parser.info.lines;
        if (!layout) {
          layout = layoutOf(record);
          return done();
        }
        rowsRead++;
        const row = rowOf(layout, record, line);
        if (typeof row === "string") refused.push({ line, county: row });
        else onRow(row);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });

  // Gzip is told by its first two bytes, not the file's name: an upload's name may say anything.
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await chunks.next();
  const firstChunk: Buffer = head.done ? Buffer.alloc(0) : Buffer.from(head.value);
  const gzipped = firstChunk[0] === 0x1f && firstChunk[1] === 0x8b;
  const bytes = Readable.from(
    (async function* () {
      yield firstChunk;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })(),
  );

  try {
    await pipeline([bytes, checksum.stream, ...(gzipped ? [createGunzip()] : []), parser, rows]);
  } catch (error) {
    throw refusalOf(error, line);
  }
  if (!layout) throw new ImportRefused("Line 1: the file is empty; expected a header naming the columns.");
  return { checksum: checksum.digest(), rowsRead, refused };
}

function refusalOf(error: unknown, line: number): Error {
  if (error instanceof ImportRefused) return error;
  const code = (error as { code?: string }).code;
  if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || /unexpected end of file/i.test(String(error)))
    return new ImportRefused(
      `Line ${line + 1}: the gzipped file ends early or is damaged (${code ?? "unreadable"}); nothing was imported.`,
    );
  if (error instanceof CsvError) {
    const at = (error as CsvError & { lines?: number }).lines ?? line;
    return new ImportRefused(
      `Line ${at}: not a readable CSV row (${error.message.replace(/^Invalid Record Length: /, "")}).`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

function layoutOf(header: string[]): keyof typeof LAYOUTS {
  const names = header.map((h) => h.trim().toLowerCase());
  for (const [name, columns] of Object.entries(LAYOUTS) as Array<[keyof typeof LAYOUTS, readonly string[]]>) {
    if (names.length === columns.length && columns.every((c, i) => names[i] === c)) return name;
  }
  throw new ImportRefused(
    `Line 1: the header is not one the importer reads. Expected the shared file's columns (${LAYOUTS.shared.join(", ")}), ` +
      `the portal's (${LAYOUTS.portal.join(", ")}) or the statewide sample's (${LAYOUTS.statewide.join(", ")}); ` +
      `got: ${names.join(", ").slice(0, 300)}.`,
  );
}

/**
 * A row of any layout, read by its columns' names; the county's text when it names no Iowa
 * county. The shared file's and the sample's `type` is the family; the portal's raw category
 * name is put in one by the same rules (families.ts).
 */
function rowOf(layout: keyof typeof LAYOUTS, record: string[], line: number): IowaRow | string {
  const columns: readonly string[] = LAYOUTS[layout];
  const field = (name: string) => record[columns.indexOf(name)] ?? "";
  const number = (name: string) => numberOf(field(name), line, name);
  const period = monthOf(field("year_month"), line, "year_month");
  if (layout !== "portal" && field("year").trim() !== period.slice(0, 4))
    throw new ImportRefused(`Line ${line}, column year: "${field("year")}" is not the year of year_month (${period}).`);
  const county = layout === "statewide" ? null : countyOf(field("county"), line);
  if (county === undefined) return field("county");
  const category = categoryOf(field(layout === "portal" ? "category_name" : "category"));
  return {
    period,
    county,
    category,
    family: layout === "portal" ? familyOf(category) : familyColumn(field("type"), line),
    stateCost: number("state_cost"),
    dollars: number("state_revenue"),
    bottles: number("bottles_sold"),
    liters: number("volume"),
  };
}

function familyColumn(type: string, line: number): string {
  const family = type.trim().toLowerCase();
  if (!/^[a-z]+$/.test(family)) throw new ImportRefused(`Line ${line}, column type: "${type}" is not a family.`);
  return family;
}

// The first day of a month: "2015-01-01" (shared file) or "2015-01-01T00:00:00.000" (portal).
const MONTH = /^(\d{4})-(\d{2})-01(?:T00:00:00(?:\.000)?)?$/;

function monthOf(text: string, line: number, column: string): string {
  const m = MONTH.exec(text.trim());
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12 || Number(m[1]) < 1900 || Number(m[1]) > 2100)
    throw new ImportRefused(`Line ${line}, column ${column}: "${text}" is not the first day of a month (YYYY-MM-01).`);
  return `${m[1]}-${m[2]}`;
}

// Plain decimals: no thousands separators, no exponents, no currency signs.
const NUMBER = /^-?\d+(?:\.\d+)?$/;

function numberOf(text: string, line: number, column: string): number {
  const t = text.trim();
  if (!NUMBER.test(t)) throw new ImportRefused(`Line ${line}, column ${column}: "${text}" is not a number.`);
  return Number(t);
}

function countyOf(text: string, line: number): string | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (!t) throw new ImportRefused(`Line ${line}, column county: the county is missing.`);
  return COUNTIES.get(t);
}

function categoryOf(text: string): string {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  return t === "na" ? "" : t;
}
