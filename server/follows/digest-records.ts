// The public records a digest window carries (issue 42): the label approvals, SEC filings and market
// months the hub imported in the window. "New" is when the hub got a record (its import's
// `imported_at`), not the registry's or the filer's day: both are imported late and in batches, and a
// reader should hear of a record once, the week it reached the hub.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { conceptRank } from "../records/sec-concepts.ts";
import { kindOf } from "../records/sec-filings.server.ts";
import { FAMILIES } from "../market/families.ts";
import { IOWA_SOURCE } from "../market/iowa-source.ts";
import { stateMonths, type Sales } from "../market/market-figures.server.ts";
import { periodsHeld } from "../market/market-store.ts";
import { monthYearBefore } from "#common/market/figure-format.ts";
import { labelName, labelType } from "#common/records/label-approval.ts";
import {
  FILED_MEASURE_LABELS,
  FILED_MEASURES,
  filedDollars,
  periodName,
  type FiledMeasureName,
} from "#common/records/filed-figures.ts";

export interface WindowLabel {
  ttbId: string;
  companyId: number;
  completedOn: string;
  name: string;
  type: string;
}

export interface WindowFiling {
  accession: string;
  cik: number;
  form: string;
  filedOn: string;
  /** "Year to Sep 30, 2026" when the filing's figures cover its report's period; null otherwise. */
  period: string | null;
  /** "Net sales $3,975 million", in the profile's order of measures. */
  figures: string[];
}

/** Label approvals joined to a Top Player, newest first by the registry's day. */
export async function windowLabels(db: Kysely<DB>, since: string, until: string): Promise<WindowLabel[]> {
  const rows = await db
    .selectFrom("label_approvals as l")
    .innerJoin("data_imports as i", "i.id", "l.import_id")
    .select([
      "l.ttb_id",
      "l.company_id",
      "l.completed_on",
      "l.brand_name",
      "l.fanciful_name",
      "l.class_type",
      "l.class_type_desc",
    ])
    .where("l.company_id", "is not", null)
    .where("i.imported_at", ">=", since)
    .where("i.imported_at", "<", until)
    .orderBy("l.completed_on", "desc")
    .orderBy("l.ttb_id", "desc")
    .execute();
  return rows.map((l) => ({
    ttbId: l.ttb_id,
    companyId: l.company_id!,
    completedOn: l.completed_on,
    name: labelName({ brandName: l.brand_name, fancifulName: l.fanciful_name }),
    type: labelType({ classType: l.class_type, classTypeDescription: l.class_type_desc }),
  }));
}

/**
 * SEC filings, newest first, each with the figures it reports for its own period (a year or a
 * quarter ending on its report date), the first concept of each measure's order, as the profile picks.
 */
export async function windowFilings(db: Kysely<DB>, since: string, until: string): Promise<WindowFiling[]> {
  const filings = await db
    .selectFrom("sec_filings as s")
    .innerJoin("data_imports as i", "i.id", "s.import_id")
    .select(["s.accession", "s.cik", "s.form", "s.filed_on", "s.report_date"])
    .where("i.imported_at", ">=", since)
    .where("i.imported_at", "<", until)
    .orderBy("s.filed_on", "desc")
    .orderBy("s.accession", "desc")
    .execute();
  if (filings.length === 0) return [];
  const figures = await db
    .selectFrom("filed_figures as f")
    .innerJoin("sec_filings as s", "s.accession", "f.accession")
    .innerJoin("data_imports as i", "i.id", "s.import_id")
    .select(["f.accession", "f.taxonomy", "f.concept", "f.measure", "f.period_start", "f.period_end", "f.value"])
    .where("i.imported_at", ">=", since)
    .where("i.imported_at", "<", until)
    .whereRef("f.period_end", "=", "s.report_date")
    .execute();
  const best = new Map<string, (typeof figures)[number]>();
  for (const f of figures) {
    if (!kindOf(f.period_start, f.period_end)) continue;
    const key = `${f.accession}\t${f.measure}`;
    const held = best.get(key);
    if (!held || conceptRank(f.measure, f.taxonomy, f.concept) < conceptRank(held.measure, held.taxonomy, held.concept))
      best.set(key, f);
  }
  return filings.map((s) => {
    const own = FILED_MEASURES.map((m: FiledMeasureName) => best.get(`${s.accession}\t${m}`)).filter(
      (f) => f !== undefined,
    );
    const kind = own[0] && kindOf(own[0].period_start, own[0].period_end);
    return {
      accession: s.accession,
      cik: s.cik,
      form: s.form,
      filedOn: s.filed_on,
      period: kind && own[0] ? periodName({ kind, end: own[0].period_end }) : null,
      figures: own.map((f) => `${FILED_MEASURE_LABELS[f.measure]} ${filedDollars(f.value)}`),
    };
  });
}

/** A family's statewide month that an import in the window added. */
export interface WindowMonth {
  family: string;
  /** YYYY-MM. */
  period: string;
  /** The day the hub imported it (YYYY-MM-DD): when it became news. */
  importedOn: string;
  sales: Sales;
  /** The same month a year before, when the hub holds it. */
  yearBefore?: Sales;
}

/**
 * The months the window's market imports added, newest first, for every family. An import sets every
 * month its file holds (the state's file is the whole history, re-read each time), so "added" is the
 * months past the last one the hub held before the window: revised figures of older months are not news.
 */
export async function windowMarketMonths(db: Kysely<DB>, since: string, until: string): Promise<WindowMonth[]> {
  const imports = db.selectFrom("data_imports").where("source_id", "=", IOWA_SOURCE.id);
  const [inWindow, before] = await Promise.all([
    imports
      .select(["last_period", "imported_at"])
      .where("imported_at", ">=", since)
      .where("imported_at", "<", until)
      .orderBy("last_period", "desc")
      .orderBy("imported_at")
      .execute(),
    imports
      .select((eb) => eb.fn.max("last_period").as("last"))
      .where("imported_at", "<", since)
      .executeTakeFirst(),
  ]);
  const heldBefore = before?.last ?? "";
  const newest = inWindow[0]?.last_period;
  if (!newest || newest <= heldBefore) return [];
  // Each new month is dated by the first import in the window that reached it.
  const reachedOn = (period: string) =>
    inWindow
      .filter((i) => i.last_period >= period)
      .map((i) => i.imported_at)
      .sort()[0]!
      .slice(0, 10);
  const fresh = (await periodsHeld(db, IOWA_SOURCE.id)).filter((p) => p > heldBefore && p <= newest).reverse();
  const slugs = FAMILIES.map((f) => f.slug);
  const months = await stateMonths(db, slugs, [...fresh, ...fresh.map(monthYearBefore)]);
  return fresh.flatMap((period) =>
    slugs.flatMap((family) => {
      const sales = months.get(family)?.get(period);
      if (!sales) return [];
      const yearBefore = months.get(family)?.get(monthYearBefore(period));
      return [{ family, period, importedOn: reachedOn(period), sales, ...(yearBefore ? { yearBefore } : {}) }];
    }),
  );
}
