import type { Kysely } from "kysely";
import type { DataSourcesTable, DB } from "../../../db/schema.ts";
import { readContentVersion } from "../../../data/content-version.ts";
import { FAMILIES, type Family } from "../../../market/families.ts";
import { IOWA_SOURCE } from "../../../market/iowa-source.ts";
import { marketFamily, marketOverview, type CountyGrowth, type Sales } from "../../../market/market-figures.server.ts";

/** A series' months: period (YYYY-MM) → dollars and liters. */
export type Months = ReadonlyMap<string, Sales>;

export interface FamilyFigures {
  family: Family;
  months: Months;
  /** The state's categories inside the family, each with its months ("straight bourbon whiskies"). */
  categories: ReadonlyMap<string, Months>;
  /** The counties that grew fastest in the latest full year, as the family's page shows them (none in a statewide file). */
  counties: CountyGrowth[];
}

/** Everything the answers read: the statewide months of all spirits, each family and each category, with their source. */
export interface MarketFigures {
  source: DataSourcesTable;
  /** The last month held (YYYY-MM). */
  asOf: string;
  /** The latest year with all twelve months held. */
  latestFull: number;
  all: Months;
  families: ReadonlyMap<string, FamilyFigures>;
}

/** The market figures for an answer; undefined until a file has been imported. Injected into the provider. */
export type MarketLookup = () => Promise<MarketFigures | undefined>;

/** Reads the figures: the pages' own functions (overview, each family), and the categories' months in one query. */
export async function readMarketFigures(db: Kysely<DB>): Promise<MarketFigures | undefined> {
  const overview = await marketOverview(db);
  if (!overview) return undefined;
  const [families, rows] = await Promise.all([
    Promise.all(FAMILIES.map((f) => marketFamily(db, f.slug))),
    db
      .selectFrom("data_observations as o")
      .innerJoin("data_series as s", "s.id", "o.series_id")
      .select(["s.category", "s.measure", "o.period", "o.value"])
      .where("s.source_id", "=", IOWA_SOURCE.id)
      .where("s.geography", "=", "state")
      .where((eb) => eb.or([eb("s.category", "=", "all"), eb("s.category", "like", "%/%")]))
      .execute(),
  ]);
  const series = new Map<string, Map<string, Sales>>();
  for (const r of rows) {
    const months = series.get(r.category) ?? new Map<string, Sales>();
    series.set(r.category, months);
    const s = months.get(r.period) ?? { dollars: 0, liters: 0 };
    if (r.measure === "sales_dollars") s.dollars = r.value;
    else if (r.measure === "volume_liters") s.liters = r.value;
    months.set(r.period, s);
  }
  const byFamily = new Map<string, FamilyFigures>();
  for (const figures of families) {
    if (!figures) continue;
    const prefix = `${figures.family.slug}/`;
    byFamily.set(figures.family.slug, {
      family: figures.family,
      months: new Map(figures.months.map(({ period, dollars, liters }) => [period, { dollars, liters }])),
      categories: new Map(
        [...series]
          .filter(([name]) => name.startsWith(prefix))
          .map(([name, months]) => [name.slice(prefix.length), months]),
      ),
      counties: figures.counties,
    });
  }
  return {
    source: overview.source,
    asOf: overview.asOf,
    latestFull: overview.year,
    all: series.get("all") ?? new Map(),
    families: byFamily,
  };
}

/**
 * The figures of `db`, read again only when the content version moves (an import bumps it), so an
 * answer costs one small query; concurrent questions share one read.
 */
export function marketLookup(db: Kysely<DB>): MarketLookup {
  let cached: { version: number; figures: MarketFigures | undefined } | undefined;
  let reading: Promise<MarketFigures | undefined> | undefined;
  return async () => {
    const version = await readContentVersion(db);
    if (cached?.version === version) return cached.figures;
    reading ??= readMarketFigures(db)
      .then((figures) => {
        cached = { version, figures };
        return figures;
      })
      .finally(() => (reading = undefined));
    return reading;
  };
}
