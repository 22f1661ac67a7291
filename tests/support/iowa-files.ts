import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";

const DIR = path.resolve(import.meta.dirname, "../fixtures/market-data/iowa-liquor-sales");
/** The real file (280,736 rows), the project's copy of ../shared/data/iowa-liquor-sales. */
export const IOWA_FILE = path.join(DIR, "liquor_sales.csv.gz");
/** Real rows of three counties for 2020-09 and 2020-10, in the layout the state portal returns. */
export const PORTAL_SAMPLE = path.join(DIR, "portal-sample.csv");

export interface SharedRow {
  year: string;
  period: string;
  county: string;
  type: string;
  category: string;
  dollars: number;
  liters: number;
}

/** The shared file's lines after its header, as written. */
export async function* sharedRowsAsText(): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(IOWA_FILE).pipe(createGunzip()) });
  let header = true;
  for await (const line of lines) {
    if (header) header = false;
    else yield line;
  }
}

/**
 * The shared file's rows, read without the importer (a plain split: no field of it holds a
 * comma), for recomputing what the importer should have kept.
 */
export async function* sharedRows(): AsyncGenerator<SharedRow> {
  for await (const line of sharedRowsAsText()) {
    const f = line.split(",").map((v) => v.replace(/^"|"$/g, ""));
    yield {
      year: f[0]!,
      period: f[1]!.slice(0, 7),
      county: f[2]!,
      type: f[4]!,
      category: f[5]!,
      dollars: Number(f[7]),
      liters: Number(f[9]),
    };
  }
}

/** The shared file's header (line 1 of a file in its layout). */
export const SHARED_HEADER = `"year","year_month","county","population","type","category","state_cost","state_revenue","bottles_sold","volume"`;

/** One row in the shared file's layout: a county's purchases of one category in one month (YYYY-MM). */
export const sharedRow = (month: string, county: string, type: string, category: string, dollars: number | string) =>
  `${month.slice(0, 4)},${month}-01,"${county}",1000,"${type}","${category}",10,${typeof dollars === "number" ? dollars : `"${dollars}"`},1,1.75`;

/** A small file in the shared layout: the header, then `rows` (line 2 on). */
export const sharedFile = (...rows: string[]) => Buffer.from([SHARED_HEADER, ...rows].join("\n") + "\n");

/** A good small file: two counties' tequila and vodka in the given months. */
export const smallSharedFile = (...months: string[]) =>
  sharedFile(
    ...months.flatMap((m) => [
      sharedRow(m, "polk", "tequila", "100% agave tequila", 1200.5),
      sharedRow(m, "linn", "vodka", "american vodkas", 800.25),
    ]),
  );
