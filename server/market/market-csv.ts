import { toCsv } from "../content/csv.ts";
import type { FamilyTable } from "#common/market/market-paths.ts";
import type { MarketFamily, MarketOverview } from "./market-figures.server.ts";

// The tables under the /data pages' charts as spreadsheets: raw figures (dollars to the cent,
// liters, changes and shares as fractions), one row per line, for whoever recomputes them.

const n = (value: number | undefined) => (value === undefined ? "" : String(Math.round(value * 1e6) / 1e6));
const change = (now: number, before: number | undefined) => (before ? n((now - before) / before) : "");

export function overviewCsv(o: MarketOverview): string {
  return toCsv([
    [
      "year",
      "family",
      "sales_usd",
      "previous_sales_usd",
      "change",
      "volume_liters",
      "previous_volume_liters",
      "share_of_sales",
    ],
    ...o.families.map((f) => [
      String(o.year),
      f.family.slug,
      n(f.dollars),
      n(f.previous?.dollars),
      change(f.dollars, f.previous?.dollars),
      n(f.liters),
      n(f.previous?.liters),
      n(f.share),
    ]),
  ]);
}

export function familyCsv(f: MarketFamily, table: FamilyTable): string {
  switch (table) {
    case "years":
      return toCsv([
        ["year", "months", "sales_usd", "volume_liters", "share_of_sales"],
        ...f.years.map((y) => [String(y.year), String(y.months), n(y.dollars), n(y.liters), n(y.share)]),
      ]);
    case "months":
      return toCsv([
        ["month", "sales_usd", "volume_liters"],
        ...f.months.map((m) => [m.period, n(m.dollars), n(m.liters)]),
      ]);
    case "counties":
      return toCsv([
        ["county", "year", "sales_usd", "previous_sales_usd", "change"],
        ...f.counties.map((c) => [c.county, String(f.year), n(c.dollars), n(c.previous), n(c.change)]),
      ]);
    case "categories":
      return toCsv([
        ["category", "year", "sales_usd", "previous_sales_usd", "change", "volume_liters"],
        ...f.categories.map((c) => [
          c.category,
          String(f.year),
          n(c.dollars),
          n(c.previous?.dollars),
          change(c.dollars, c.previous?.dollars),
          n(c.liters),
        ]),
      ]);
  }
}
