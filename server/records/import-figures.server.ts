import type { Kysely } from "kysely";
import {
  HS2208_LABELS,
  type CodeFigure,
  type CountryFigure,
  type ImportFigures,
  type ImportsTable,
  type MonthFigure,
} from "#common/records/import-figures.ts";
import type { DB } from "../db/schema.ts";
import { CENSUS_MEASURES } from "./census-hs2208-import.ts";
import { CENSUS_HS2208_SOURCE } from "./census-source.ts";

// Reading the import values by country for /data/imports, its API, the tariffs topic and the
// assistant: general imports (customs value), summed over the codes or the countries asked.

/** YYYY-MM `n` months before `period`. */
export function monthsBefore(period: string, n: number): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  const at = y * 12 + (m - 1) - n;
  return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, "0")}`;
}

/** A country's geography ("country:2010:MEXICO") as its code and name. */
const countryOf = (geography: string) => {
  const [, code, ...name] = geography.split(":");
  return { code: code!, name: name.join(":") };
};

/**
 * The figures of one code (or "all") and one country (or all), as the page shows them: the months
 * of the latest two years, the countries and the codes ranked by the latest twelve months against
 * the twelve before. Undefined until the source has been imported.
 */
export async function importFigures(
  db: Kysely<DB>,
  options: { code?: string | undefined; country?: string | undefined } = {},
): Promise<ImportFigures | undefined> {
  const code = options.code && HS2208_LABELS[options.code] ? options.code : "all";
  // The same rows the assistant reads: one query for both.
  const table = await importsTable(db);
  if (!table) return undefined;
  const { rows, asOf } = table;
  const last = await db
    .selectFrom("data_imports")
    .select("imported_at")
    .where("source_id", "=", CENSUS_HS2208_SOURCE.id)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

  const from = monthsBefore(asOf, 11);
  const before = monthsBefore(asOf, 23);
  const names = new Map<string, string>();
  for (const r of rows) names.set(r.countryCode, r.country);
  const country = options.country && names.has(options.country) ? options.country : undefined;

  /** Sums by a key over the rows kept, for the latest twelve months and the twelve before. */
  const twoYears = (keep: (r: (typeof rows)[number]) => boolean, keyOf: (r: (typeof rows)[number]) => string) => {
    const now = new Map<string, number>();
    const earlier = new Map<string, number>();
    const earlierMonths = new Map<string, Set<string>>();
    for (const r of rows) {
      if (!keep(r)) continue;
      const key = keyOf(r);
      if (r.period >= from && r.period <= asOf) now.set(key, (now.get(key) ?? 0) + r.value);
      else if (r.period >= before && r.period < from) {
        earlier.set(key, (earlier.get(key) ?? 0) + r.value);
        earlierMonths.set(key, (earlierMonths.get(key) ?? new Set()).add(r.period));
      }
    }
    return { now, earlier, full: (key: string) => (earlierMonths.get(key)?.size ?? 0) === 12 };
  };
  const ofCode = (r: (typeof rows)[number]) => code === "all" || r.code === code;
  const ofCountry = (r: (typeof rows)[number]) => !country || r.countryCode === country;

  const byCountry = twoYears(ofCode, (r) => r.countryCode);
  const countries: CountryFigure[] = [...byCountry.now]
    .map(([c, value]) => ({
      code: c,
      name: names.get(c)!,
      value,
      previous: byCountry.full(c) ? (byCountry.earlier.get(c) ?? 0) : null,
    }))
    .sort((a, b) => b.value - a.value);

  const byCode = twoYears(ofCountry, (r) => r.code);
  const codes: CodeFigure[] = Object.entries(HS2208_LABELS)
    .filter(([c]) => byCode.now.has(c))
    .map(([c, label]) => ({
      code: c,
      label,
      value: byCode.now.get(c)!,
      previous: byCode.full(c) ? (byCode.earlier.get(c) ?? 0) : null,
    }))
    .sort((a, b) => b.value - a.value);

  const monthly = new Map<string, number>();
  for (const r of rows) if (ofCode(r) && ofCountry(r)) monthly.set(r.period, (monthly.get(r.period) ?? 0) + r.value);
  const months: MonthFigure[] = [];
  for (let n = 23; n >= 0; n--) {
    const period = monthsBefore(asOf, n);
    if (!monthly.has(period)) continue;
    months.push({ period, value: monthly.get(period)!, previous: monthly.get(monthsBefore(period, 12)) ?? null });
  }

  return {
    code,
    country: country ? { code: country, name: names.get(country)! } : null,
    asOf,
    from,
    months,
    countries,
    codes,
    choices: [...names].map(([c, name]) => ({ code: c, name })).sort((a, b) => a.name.localeCompare(b.name)),
    importedAt: last.imported_at,
    source: CENSUS_HS2208_SOURCE,
  };
}

/** The whole table for the assistant; undefined until the source has been imported. */
export async function importsTable(db: Kysely<DB>): Promise<ImportsTable | undefined> {
  const rows = await db
    .selectFrom("data_observations as o")
    .innerJoin("data_series as s", "s.id", "o.series_id")
    .select(["s.geography", "s.category", "o.period", "o.value"])
    .where("s.source_id", "=", CENSUS_HS2208_SOURCE.id)
    .where("s.measure", "=", CENSUS_MEASURES.general)
    .where("s.geography", "like", "country:%")
    .execute();
  if (rows.length === 0) return undefined;
  const periods = rows.map((r) => r.period).sort();
  return {
    rows: rows.map((r) => {
      const country = countryOf(r.geography);
      return { countryCode: country.code, country: country.name, code: r.category, period: r.period, value: r.value };
    }),
    asOf: periods.at(-1)!,
    first: periods[0]!,
  };
}
