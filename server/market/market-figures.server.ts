import type { Kysely } from "kysely";
import type { DataSourcesTable, DB } from "../db/schema.ts";
import { FAMILIES, familyBySlug, familyOfTopic, type Family } from "./families.ts";
import { IOWA_SOURCE } from "./iowa-source.ts";

/** Dollars and liters of one period (a month, or a year's months summed). */
export interface Sales {
  dollars: number;
  liters: number;
}

/** Where figures come from and how current they are: said beside every figure. */
export interface Provenance {
  source: DataSourcesTable;
  /** The last month the source holds (YYYY-MM). */
  asOf: string;
  /** When the figures were last imported (ISO). */
  importedAt: string;
}

export interface YearFigures extends Sales {
  year: number;
  /** Months of the year the source holds: 12 for a full year. */
  months: number;
}

export interface FamilyYear extends Sales {
  family: Family;
  /** The year before's sales, when that year is full too. */
  previous?: Sales;
  /** Share of all spirits' dollars that year, 0-1. */
  share: number;
}

export interface MarketOverview extends Provenance {
  /** The latest full year (all twelve months held). */
  year: number;
  total: Sales & { previous?: Sales };
  /** Every family with sales that year, largest first by dollars. */
  families: FamilyYear[];
}

const sum = (a: Sales, b: Sales): Sales => ({ dollars: a.dollars + b.dollars, liters: a.liters + b.liters });
const ZERO: Sales = { dollars: 0, liters: 0 };

/** The Iowa source's statewide observations, both measures, with their category: narrowed by the caller. */
const statewide = (db: Kysely<DB>) =>
  db
    .selectFrom("data_observations as o")
    .innerJoin("data_series as s", "s.id", "o.series_id")
    .select(["s.category", "s.measure", "o.period", "o.value"])
    .where("s.source_id", "=", IOWA_SOURCE.id)
    .where("s.geography", "=", "state");

/** A series' statewide months, both measures, by category: category → period → Sales (only `periods`, when given). */
export async function stateMonths(
  db: Kysely<DB>,
  categories: string[],
  periods?: string[],
): Promise<Map<string, Map<string, Sales>>> {
  if (periods?.length === 0) return new Map();
  const rows = await statewide(db)
    .where("s.category", "in", categories)
    .$if(periods !== undefined, (q) => q.where("o.period", "in", periods!))
    .execute();
  const out = new Map<string, Map<string, Sales>>();
  for (const r of rows) {
    const byPeriod = out.get(r.category) ?? new Map<string, Sales>();
    out.set(r.category, byPeriod);
    const s = byPeriod.get(r.period) ?? { ...ZERO };
    if (r.measure === "sales_dollars") s.dollars = r.value;
    else if (r.measure === "volume_liters") s.liters = r.value;
    byPeriod.set(r.period, s);
  }
  return out;
}

/** Months summed by year. */
export function byYear(months: Map<string, Sales>): YearFigures[] {
  const years = new Map<number, YearFigures>();
  for (const [period, s] of months) {
    const year = Number(period.slice(0, 4));
    const y = years.get(year) ?? { year, months: 0, ...ZERO };
    years.set(year, { ...y, ...sum(y, s), months: y.months + 1 });
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

async function provenance(db: Kysely<DB>): Promise<Omit<Provenance, "asOf"> | undefined> {
  const [source, last] = await Promise.all([
    db.selectFrom("data_sources").selectAll().where("id", "=", IOWA_SOURCE.id).executeTakeFirst(),
    db
      .selectFrom("data_imports")
      .select("imported_at")
      .where("source_id", "=", IOWA_SOURCE.id)
      .orderBy("id", "desc")
      .executeTakeFirst(),
  ]);
  return source && last ? { source, importedAt: last.imported_at } : undefined;
}

/** Every family's latest full year against the year before; undefined until a file is imported. */
export async function marketOverview(db: Kysely<DB>): Promise<MarketOverview | undefined> {
  const about = await provenance(db);
  if (!about) return undefined;
  const months = await stateMonths(db, ["all", ...FAMILIES.map((f) => f.slug)]);
  const all = months.get("all");
  if (!all?.size) return undefined;
  const years = byYear(all);
  const full = years.filter((y) => y.months === 12);
  const latest = full.at(-1) ?? years.at(-1)!;
  const before = years.find((y) => y.year === latest.year - 1 && y.months === 12);
  const families = FAMILIES.flatMap((family): FamilyYear[] => {
    const ys = byYear(months.get(family.slug) ?? new Map());
    const now = ys.find((y) => y.year === latest.year);
    if (!now) return [];
    const prev = before ? ys.find((y) => y.year === before.year) : undefined;
    return [
      {
        family,
        dollars: now.dollars,
        liters: now.liters,
        ...(prev ? { previous: { dollars: prev.dollars, liters: prev.liters } } : {}),
        share: latest.dollars ? now.dollars / latest.dollars : 0,
      },
    ];
  }).sort((a, b) => b.dollars - a.dollars);
  return {
    ...about,
    asOf: [...all.keys()].sort().at(-1)!,
    year: latest.year,
    total: {
      dollars: latest.dollars,
      liters: latest.liters,
      ...(before ? { previous: { dollars: before.dollars, liters: before.liters } } : {}),
    },
    families,
  };
}

export interface CountyGrowth {
  county: string;
  dollars: number;
  previous: number;
  /** (dollars − previous) / previous. */
  change: number;
}

export interface MarketFamily extends FamilyTrend {
  /** Every month held, oldest first. */
  months: Array<Sales & { period: string }>;
  /** The ten counties whose purchases of the family grew fastest in `year` (a year before of at least $10,000). */
  counties: CountyGrowth[];
  /** The state's categories inside the family in `year`, largest first, with the year before. */
  categories: Array<Sales & { category: string; previous?: Sales }>;
}

/** A county too small a year before would top any list of growth with a handful of bottles. */
const COUNTY_BASE_DOLLARS = 10_000;

export interface FamilyTrend extends Provenance {
  family: Family;
  /** The latest full year: the year a family's page compares. */
  year: number;
  /** Every year held, oldest first, with its share of all spirits' dollars. */
  years: Array<YearFigures & { share: number }>;
}

/** A family's years and their provenance: what a topic page and a recap's embedded chart show. */
export async function familyTrend(db: Kysely<DB>, slug: string): Promise<FamilyTrend | undefined> {
  return (await familyMonths(db, slug))?.trend;
}

async function familyMonths(
  db: Kysely<DB>,
  slug: string,
): Promise<{ trend: FamilyTrend; own: Map<string, Sales> } | undefined> {
  const family = familyBySlug(slug);
  const about = await provenance(db);
  if (!family || !about) return undefined;
  const months = await stateMonths(db, ["all", family.slug]);
  const own = months.get(family.slug);
  const all = months.get("all");
  if (!own?.size || !all) return undefined;
  const allYears = byYear(all);
  const years = byYear(own).map((y) => ({
    ...y,
    share: y.dollars / (allYears.find((a) => a.year === y.year)?.dollars || 1),
  }));
  const full = years.filter((y) => y.months === 12);
  const year = (full.at(-1) ?? years.at(-1)!).year;
  return { trend: { ...about, asOf: [...all.keys()].sort().at(-1)!, family, year, years }, own };
}

/** One family's figures; undefined for a family the data does not hold. */
export async function marketFamily(db: Kysely<DB>, slug: string): Promise<MarketFamily | undefined> {
  const found = await familyMonths(db, slug);
  if (!found) return undefined;
  const { trend, own } = found;
  const { family, year } = trend;

  const categoryRows = await statewide(db)
    .where("s.category", "like", `${family.slug}/%`)
    .where("o.period", ">=", `${year - 1}-01`)
    .where("o.period", "<=", `${year}-12`)
    .execute();
  const categories = new Map<string, { now: Sales; before: Sales; hadBefore: boolean }>();
  for (const r of categoryRows) {
    const name = r.category.slice(family.slug.length + 1);
    const c = categories.get(name) ?? { now: { ...ZERO }, before: { ...ZERO }, hadBefore: false };
    categories.set(name, c);
    const target = r.period.startsWith(String(year)) ? c.now : c.before;
    if (!r.period.startsWith(String(year))) c.hadBefore = true;
    if (r.measure === "sales_dollars") target.dollars += r.value;
    else target.liters += r.value;
  }

  const countyRows = await db
    .selectFrom("data_observations as o")
    .innerJoin("data_series as s", "s.id", "o.series_id")
    .select(["s.geography", "o.period", "o.value"])
    .where("s.source_id", "=", IOWA_SOURCE.id)
    .where("s.geography", "like", "county:%")
    .where("s.category", "=", family.slug)
    .where("s.measure", "=", "sales_dollars")
    .where("o.period", ">=", `${year - 1}-01`)
    .where("o.period", "<=", `${year}-12`)
    .execute();
  const counties = new Map<string, { dollars: number; previous: number }>();
  for (const r of countyRows) {
    const name = r.geography.slice("county:".length);
    const c = counties.get(name) ?? { dollars: 0, previous: 0 };
    counties.set(name, c);
    if (r.period.startsWith(String(year))) c.dollars += r.value;
    else c.previous += r.value;
  }

  return {
    ...trend,
    months: [...own].sort(([a], [b]) => a.localeCompare(b)).map(([period, s]) => ({ period, ...s })),
    counties: [...counties]
      .filter(([, c]) => c.previous >= COUNTY_BASE_DOLLARS)
      .map(([county, c]) => ({ county, ...c, change: (c.dollars - c.previous) / c.previous }))
      .sort((a, b) => b.change - a.change)
      .slice(0, 10),
    categories: [...categories]
      .filter(([, c]) => c.now.dollars > 0)
      .map(([category, c]) => ({ category, ...c.now, ...(c.hadBefore ? { previous: c.before } : {}) }))
      .sort((a, b) => b.dollars - a.dollars),
  };
}

/** The families the data holds statewide figures for, in the families' order: what the sitemap and the joins list. */
export async function familiesHeld(db: Kysely<DB>): Promise<Family[]> {
  const rows = await db
    .selectFrom("data_series")
    .select("category")
    .distinct()
    .where("source_id", "=", IOWA_SOURCE.id)
    .where("geography", "=", "state")
    .execute();
  const held = new Set(rows.map((r) => r.category));
  return FAMILIES.filter((f) => held.has(f.slug));
}

/** The trends of the families named, by slug; a family the data does not hold is left out. */
export async function familyTrends(db: Kysely<DB>, slugs: string[]): Promise<Record<string, FamilyTrend>> {
  const found = await Promise.all(slugs.map(async (slug) => [slug, await familyTrend(db, slug)] as const));
  return Object.fromEntries(found.filter((f): f is readonly [string, FamilyTrend] => f[1] !== undefined));
}

/** The trend of the family a topic stands for (its name or any spelling of its tag: "Bourbon" → whiskey), if the data holds it. */
export async function topicTrend(db: Kysely<DB>, spellings: string[]): Promise<FamilyTrend | undefined> {
  const family = spellings.map(familyOfTopic).find((f) => f !== undefined);
  return family ? familyTrend(db, family.slug) : undefined;
}
