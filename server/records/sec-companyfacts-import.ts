import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Company } from "#common/content/company.ts";
import { COMPANIES } from "../content/companies.server.ts";
import type { DB, FiledFiguresTable } from "../db/schema.ts";
import { ImportRefused } from "../market/iowa-file.ts";
import { alreadyImported, openImport, recordImport, type ImportResult } from "../market/market-store.ts";
import { isPeriodic, readSecFile, type FactRow } from "./sec-companyfacts-file.ts";
import { SEC_COMPANYFACTS_SOURCE } from "./sec-source.ts";

/** Rows a statement writes at once: well inside both engines' limits on bound values. */
const BATCH = 300;

const factKey = (f: Pick<FactRow, "accession" | "taxonomy" | "concept" | "start" | "end">) =>
  `${f.accession}\t${f.taxonomy}\t${f.concept}\t${f.start}\t${f.end}`;

/**
 * Imports one of EDGAR's files about a listed Top Player (`hub data import sec-companyfacts <file>`,
 * or the desk's upload): companyfacts brings its revenue, excise and net sales figures, each kept
 * once by its filing, concept and period (a later filing of a period is a row of its own: the pages
 * take the latest); submissions brings its periodic reports with their dates and main documents.
 * A filer the company data does not list is refused. The same bytes again write nothing; a refused
 * file writes nothing at all.
 */
export async function importSecFile(
  db: Kysely<DB>,
  input: Readable,
  fileName: string,
  companies: readonly Company[] = COMPANIES,
): Promise<ImportResult> {
  const file = await readSecFile(input);
  const company = companies.find((c) => c.secFiler?.cik === file.cik);
  if (!company)
    throw new ImportRefused(
      `cik: ${file.cik}${file.name ? ` (${file.name})` : ""} is not the CIK of a listed Top Player in the company data; nothing was imported.`,
    );

  const facts = new Map<string, FactRow>();
  const filings = new Map<
    string,
    { accession: string; form: string; filedOn: string; reportDate: string | null; primaryDocument: string | null }
  >();
  let rowsRead: number;
  let rowsRefused: number;
  if (file.kind === "companyfacts") {
    for (const f of file.facts) {
      facts.set(factKey(f), f);
      if (!filings.has(f.accession))
        filings.set(f.accession, {
          accession: f.accession,
          form: f.form,
          filedOn: f.filedOn,
          reportDate: null,
          primaryDocument: null,
        });
    }
    rowsRead = file.factsRead;
    rowsRefused = file.instants;
    if (facts.size === 0)
      throw new ImportRefused(
        `facts: ${company.name}'s file holds no revenue, excise or net sales figure in U.S. dollars; nothing was imported.`,
      );
  } else {
    for (const f of file.filings) if (isPeriodic(f.form)) filings.set(f.accession, f);
    rowsRead = file.filings.length;
    rowsRefused = 0;
    if (filings.size === 0)
      throw new ImportRefused(
        `filings.recent: ${company.name}'s file lists no 10-K, 10-Q or 20-F; nothing was imported.`,
      );
  }
  const kept = file.kind === "companyfacts" ? facts.size : filings.size;
  const spans =
    file.kind === "companyfacts" ? [...facts.values()].map((f) => f.end) : [...filings.values()].map((f) => f.filedOn);
  spans.sort();
  const summary = { rowsRead, rowsKept: kept, rowsRefused, firstPeriod: spans[0]!, lastPeriod: spans.at(-1)! };

  return db.transaction().execute(async (trx) => {
    const same = await openImport(trx, SEC_COMPANYFACTS_SOURCE, file.checksum);
    if (same) return alreadyImported(summary, same);

    // The counts are set once the rows are written, below.
    const { importId, importedAt } = await recordImport(
      trx,
      { source: SEC_COMPANYFACTS_SOURCE, fileName, checksum: file.checksum, summary },
      { added: 0, repeated: 0 },
    );

    // A filing is kept once; the submissions file fills in what companyfacts cannot say of it.
    const rows = [...filings.values()];
    let held = 0;
    for (let i = 0; i < rows.length; i += BATCH)
      held += (
        await trx
          .selectFrom("sec_filings")
          .select("accession")
          .where(
            "accession",
            "in",
            rows.slice(i, i + BATCH).map((f) => f.accession),
          )
          .execute()
      ).length;
    const filingsAdded = rows.length - held;
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto("sec_filings")
        .values(
          rows.slice(i, i + BATCH).map((f) => ({
            accession: f.accession,
            cik: file.cik,
            form: f.form,
            filed_on: f.filedOn,
            report_date: f.reportDate,
            primary_document: f.primaryDocument,
            import_id: importId,
          })),
        )
        .onConflict((oc) =>
          file.kind === "submissions"
            ? oc.column("accession").doUpdateSet((eb) => ({
                report_date: eb.ref("excluded.report_date"),
                primary_document: eb.ref("excluded.primary_document"),
              }))
            : oc.column("accession").doNothing(),
        )
        .execute();
    }

    let factsAdded = 0;
    const values: FiledFiguresTable[] = [...facts.values()].map((f) => ({
      accession: f.accession,
      cik: file.cik,
      taxonomy: f.taxonomy,
      concept: f.concept,
      measure: f.measure,
      unit: f.unit,
      period_start: f.start,
      period_end: f.end,
      value: f.value,
      fiscal_year: f.fiscalYear,
      fiscal_period: f.fiscalPeriod,
      import_id: importId,
    }));
    for (let i = 0; i < values.length; i += BATCH) {
      const added = await trx
        .insertInto("filed_figures")
        .values(values.slice(i, i + BATCH))
        .onConflict((oc) => oc.columns(["accession", "taxonomy", "concept", "period_start", "period_end"]).doNothing())
        .returning("accession")
        .execute();
      factsAdded += added.length;
    }

    // For filed figures, "added" counts the new figures (or, from submissions, the filings) and
    // "replaced" those held already, left as they were.
    const added = file.kind === "companyfacts" ? factsAdded : filingsAdded;
    await trx
      .updateTable("data_imports")
      .set({ periods_added: added, periods_replaced: kept - added })
      .where("id", "=", importId)
      .execute();
    return { ...summary, importId, unchanged: false, importedAt, periodsAdded: added, periodsReplaced: kept - added };
  });
}
