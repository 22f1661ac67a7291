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
