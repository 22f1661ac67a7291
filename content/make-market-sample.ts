// Makes the demo's market data (content/market-data/iowa-statewide.csv.gz): Iowa's liquor sales
// summed over the state's counties, by month and category, from the real file the project keeps
// (tests/fixtures/market-data/iowa-liquor-sales/, a copy of shared/data/iowa-liquor-sales/). It
// reads the file with the importer's own reader, so the sample keeps exactly the rows an import
// keeps (Iowa's 99 counties). Run by hand when that file changes:
//   node content/make-market-sample.ts [file]
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { toCsv } from "#server/content/csv.ts";
import { readIowaFile } from "#server/market/iowa-file.ts";

const here = import.meta.dirname;
const input =
  process.argv[2] ?? path.join(here, "../tests/fixtures/market-data/iowa-liquor-sales/liquor_sales.csv.gz");
const output = path.join(here, "market-data/iowa-statewide.csv.gz");

type Sums = { stateCost: number; dollars: number; bottles: number; liters: number };
const sums = new Map<string, Sums>();
await readIowaFile(fs.createReadStream(input), (row) => {
  const key = JSON.stringify([row.period, row.family, row.category]);
  const s = sums.get(key) ?? { stateCost: 0, dollars: 0, bottles: 0, liters: 0 };
  sums.set(key, {
    stateCost: s.stateCost + row.stateCost,
    dollars: s.dollars + row.dollars,
    bottles: s.bottles + row.bottles,
    liters: s.liters + row.liters,
  });
});

// Cents and centiliters, as the importer rounds its sums.
const two = (n: number) => String(Math.round(n * 100) / 100);
const rows = [...sums]
  .map(([key, s]) => [...(JSON.parse(key) as [string, string, string]), s] as const)
  .sort(([a, b, c], [d, e, f]) => a.localeCompare(d) || b.localeCompare(e) || c.localeCompare(f))
  .map(([period, family, category, s]) => [
    period.slice(0, 4),
    `${period}-01`,
    family,
    category,
    two(s.stateCost),
    two(s.dollars),
    String(Math.round(s.bottles)),
    two(s.liters),
  ]);
const csv = toCsv([
  ["year", "year_month", "type", "category", "state_cost", "state_revenue", "bottles_sold", "volume"],
  ...rows,
]);
// mtime 0 in the gzip header: the same sums make the same bytes, so the import's checksum holds.
fs.writeFileSync(output, gzipSync(csv, { level: 9 }));
console.log(`${rows.length} rows → ${path.relative(process.cwd(), output)} (${fs.statSync(output).size} bytes)`);
