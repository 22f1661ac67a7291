import type { Kysely } from "kysely";
import type { Company } from "#common/content/company.ts";
import {
  FILED_MEASURES,
  filingUrl,
  type CompanyFilings,
  type FiledFigure,
  type FiledMeasureName,
  type FiledPeriod,
  type FilingReview,
} from "#common/records/filed-figures.ts";
import type { DB } from "../db/schema.ts";
import { conceptRank } from "./sec-concepts.ts";
import { SEC_COMPANYFACTS_SOURCE } from "./sec-source.ts";

/** The fiscal years a profile shows. */
export const YEARS_SHOWN = 3;

const DAY = 86_400_000;
const daysIn = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / DAY + 1;
/** A fiscal year is 52 or 53 weeks (or a calendar year); a quarter 13 or 14 weeks (or three months). */
export const kindOf = (start: string, end: string): FiledPeriod["kind"] | undefined => {
  const days = daysIn(start, end);
  return days >= 357 && days <= 373 ? "year" : days >= 84 && days <= 99 ? "quarter" : undefined;
};

interface FigureRow {
  accession: string;
  taxonomy: string;
  concept: string;
  measure: FiledMeasureName;
  unit: string;
  period_start: string;
  period_end: string;
  value: number;
  form: string;
  filed_on: string;
}

/** Every figure of a filer's years and quarters, each the latest filed of the first concept present. */
async function filedPeriods(db: Kysely<DB>, cik: number): Promise<FiledPeriod[]> {
  const rows: FigureRow[] = await db
    .selectFrom("filed_figures as f")
    .innerJoin("sec_filings as s", "s.accession", "f.accession")
    .select([
      "f.accession",
      "f.taxonomy",
      "f.concept",
      "f.measure",
      "f.unit",
      "f.period_start",
      "f.period_end",
      "f.value",
      "s.form",
      "s.filed_on",
    ])
    .where("f.cik", "=", cik)
    .execute();
  const best = new Map<string, FigureRow>();
  for (const row of rows) {
    const key = `${row.period_start}\t${row.period_end}\t${row.measure}`;
    const held = best.get(key);
    const [rank, heldRank] = [
      conceptRank(row.measure, row.taxonomy, row.concept),
      held ? conceptRank(held.measure, held.taxonomy, held.concept) : Infinity,
    ];
    // The first concept of the measure's order; then the latest filing (an amendment, a later report).
    if (
      !held ||
      rank < heldRank ||
      (rank === heldRank &&
        (row.filed_on > held.filed_on || (row.filed_on === held.filed_on && row.accession > held.accession)))
    )
      best.set(key, row);
  }
  const periods = new Map<string, FiledPeriod>();
  for (const row of best.values()) {
    const kind = kindOf(row.period_start, row.period_end);
    if (!kind) continue;
    const key = `${row.period_start}\t${row.period_end}`;
    const period = periods.get(key) ?? { kind, start: row.period_start, end: row.period_end, figures: [] };
    period.figures.push(figureOf(cik, row));
    periods.set(key, period);
  }
  for (const period of periods.values())
    period.figures.sort((a, b) => FILED_MEASURES.indexOf(a.measure) - FILED_MEASURES.indexOf(b.measure));
  return [...periods.values()].sort((a, b) => b.end.localeCompare(a.end) || a.start.localeCompare(b.start));
}

function figureOf(cik: number, row: FigureRow): FiledFigure {
  return {
    measure: row.measure,
    value: row.value,
    unit: row.unit,
    concept: row.concept,
    taxonomy: row.taxonomy,
    filing: {
      accession: row.accession,
      form: row.form,
      filedOn: row.filed_on,
      amended: row.form.endsWith("/A"),
      url: filingUrl(cik, row.accession),
    },
  };
}

/** When the filer's figures were last imported (an import of the source that brought any of its rows). */
async function lastImported(db: Kysely<DB>, cik: number): Promise<string | null> {
  const row = await db
    .selectFrom("data_imports as i")
    .select((e) => e.fn.max("i.imported_at").as("at"))
    .where("i.source_id", "=", SEC_COMPANYFACTS_SOURCE.id)
    .where((e) =>
      e.or([
        e.exists(
          e
            .selectFrom("filed_figures as f")
            .select("f.cik")
            .whereRef("f.import_id", "=", "i.id")
            .where("f.cik", "=", cik),
        ),
        e.exists(
          e
            .selectFrom("sec_filings as s")
            .select("s.cik")
            .whereRef("s.import_id", "=", "i.id")
            .where("s.cik", "=", cik),
        ),
      ]),
    )
    .executeTakeFirst();
  return row?.at ? String(row.at) : null;
}

/**
 * What a profile shows of a listed company's filings: its latest fiscal years, newest first, and the
 * latest quarter after them, each figure with the filing it came from. Undefined for a company that
 * does not file with the SEC in the company data.
 */
export async function companyFilings(db: Kysely<DB>, company: Company): Promise<CompanyFilings | undefined> {
  const filer = company.secFiler;
  if (!filer) return undefined;
  const [all, importedAt] = await Promise.all([filedPeriods(db, filer.cik), lastImported(db, filer.cik)]);
  const years = all.filter((p) => p.kind === "year").slice(0, YEARS_SHOWN);
  const quarter = all.find((p) => p.kind === "quarter" && (!years[0] || p.end > years[0].end));
  return {
    companyId: company.id,
    filer: { cik: filer.cik, annualForm: filer.annualForm, ...(filer.of ? { of: filer.of } : {}) },
    importedAt,
    periods: quarter ? [quarter, ...years] : years,
  };
}

/** The last day a claim's period reaches: "FY to 2025-02-28", "2024", "2024-Q4", "2023-07 to 2023-12". */
export function periodEnd(period: string): string | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^FY to (\d{4}-\d{2}-\d{2})$/.exec(period))) return m[1];
  if ((m = /^(\d{4})$/.exec(period))) return `${m[1]}-12-31`;
  if ((m = /^(\d{4})-Q([1-4])$/.exec(period))) return monthEnd(Number(m[1]), Number(m[2]) * 3);
  if ((m = /^\d{4}-\d{2} to (\d{4})-(\d{2})$/.exec(period))) return monthEnd(Number(m[1]), Number(m[2]));
  return undefined;
}
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
/** The day a partial date (YYYY, YYYY-MM) reaches at the latest. */
const lastDayOf = (date: string) =>
  date.length === 4
    ? `${date}-12-31`
    : date.length === 7
      ? monthEnd(Number(date.slice(0, 4)), Number(date.slice(5)))
      : date;

/**
 * The profile claims an annual report imported since may have overtaken (issue 41): a company's sales
 * or revenue claim whose period ends before the latest fiscal year its filings report, where that
 * report was filed after the documents the claim rests on. The hub never rewrites the claim; the
 * desk lists it for an editor. Newest filing first.
 */
export async function filingReviews(db: Kysely<DB>, companies: readonly Company[]): Promise<FilingReview[]> {
  const reviews: FilingReview[] = [];
  for (const company of companies) {
    const money = company.facts?.money;
    const field = company.claims?.sales ? "sales" : company.claims?.revenue ? "revenue" : undefined;
    if (!company.secFiler || !money || !field) continue;
    const claimEnd = periodEnd(money.period);
    if (!claimEnd) continue;
    const rested = lastDayOf(money.asOf);
    const year = (await filedPeriods(db, company.secFiler.cik)).find(
      (p) => p.kind === "year" && p.end > claimEnd && p.figures.some((f) => f.filing.filedOn > rested),
    );
    if (!year) continue;
    const newest = year.figures.reduce((a, b) => (b.filing.filedOn > a.filing.filedOn ? b : a));
    const headline =
      year.figures.find((f) => f.measure === "net-sales") ?? year.figures.find((f) => f.measure === "revenue");
    reviews.push({
      company: { id: company.id, name: company.name },
      field,
      claim: (field === "sales" ? company.claims!.sales! : company.claims!.revenue!).text,
      claimPeriod: money.period,
      claimAsOf: money.asOf,
      filing: newest.filing,
      periodEnd: year.end,
      figure: headline ?? null,
    });
  }
  return reviews.sort(
    (a, b) => b.filing.filedOn.localeCompare(a.filing.filedOn) || a.company.name.localeCompare(b.company.name),
  );
}
