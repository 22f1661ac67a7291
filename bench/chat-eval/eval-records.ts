import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { COMPANIES } from "#server/content/companies.server.ts";
import type { FilingsLookup } from "#server/analyst/intents/filings/filings-answer.ts";
import type { ImportsLookup } from "#server/analyst/intents/imports/imports-answer.ts";
import type { DB } from "#server/db/schema.ts";
import { importCensusFile } from "#server/records/census-hs2208-import.ts";
import { importsTable } from "#server/records/import-figures.server.ts";
import { importSecFile } from "#server/records/sec-companyfacts-import.ts";
import { companyFilings } from "#server/records/sec-filings.server.ts";
import { ALL, censusJson, censusRow, MEXICO, UK } from "../../tests/support/census-files.ts";
import { companyFacts } from "../../tests/support/sec-files.ts";

// The import figures and filed figures the evaluation asks about (issue 41): recorded samples
// written from the Census API's and EDGAR's documented formats, with made-up figures (not the
// Census's, not the companies'), imported into the evaluation's database as the operator's files
// would be. The questions on them are in held-apart-records-dev.json and held-apart-records-test.json.

const FRANCE: [string, string] = ["4279", "FRANCE"];
const IRELAND: [string, string] = ["4190", "IRELAND"];
const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);

/**
 * Two years by month: Mexico's tequila and others (220890) grow from 300 to 330 million a month,
 * UK whiskies fall from 90 to 80 million, French brandy holds at 40 million, Irish whiskies grow from
 * 20 to 25 million; the world total of 220890 a little above Mexico's.
 */
export function evalCensusJson(): string {
  const rows: string[][] = [];
  for (const [year, mexico, uk, france, ireland] of [
    [2023, 300_000_000, 90_000_000, 40_000_000, 20_000_000],
    [2024, 330_000_000, 80_000_000, 40_000_000, 25_000_000],
  ] as const)
    for (const m of months(year)) {
      rows.push(censusRow(MEXICO, "220890", m, mexico));
      rows.push(censusRow(ALL, "220890", m, mexico + 12_000_000));
      rows.push(censusRow(UK, "220830", m, uk));
      rows.push(censusRow(IRELAND, "220830", m, ireland));
      rows.push(censusRow(FRANCE, "220820", m, france));
    }
  return censusJson(rows);
}

/** The listed companies with a sample of filings: Brown-Forman as written, Constellation at twice its figures. */
export const EVAL_FILERS = [
  { name: "Brown-Forman", file: () => companyFacts() },
  {
    name: "Constellation Brands",
    file: () => companyFacts({ cik: 16918, name: "CONSTELLATION BRANDS, INC.", scale: 2 }),
  },
];

/** Imports the samples and answers as the site wires the lookups. */
export async function evalRecords(db: Kysely<DB>): Promise<{ imports: ImportsLookup; filings: FilingsLookup }> {
  const stream = (text: string) => Readable.from([Buffer.from(text)]);
  await importCensusFile(db, stream(evalCensusJson()), "eval-hs2208.json");
  for (const filer of EVAL_FILERS) {
    if (!COMPANIES.some((c) => c.name === filer.name)) throw new Error(`No company named ${filer.name}`);
    await importSecFile(db, stream(filer.file()), `eval-${filer.name}.json`);
  }
  return { imports: () => importsTable(db), filings: (company) => companyFilings(db, company) };
}
