import type { DataSourcesTable } from "../db/schema.ts";

/** Where the Iowa figures come from and what they mean: shown beside every figure (docs/market-data.md). */
export const IOWA_SOURCE: DataSourcesTable = {
  id: "iowa-liquor-sales",
  title: "Iowa Liquor Sales",
  publisher: "State of Iowa, Alcoholic Beverages Division (data.iowa.gov)",
  url: "https://data.iowa.gov/Sales-Distribution/Iowa-Liquor-Sales/m3tr-qhgy",
  licence:
    "Public data of the State of Iowa's open data portal; the monthly aggregate of 2015-2020 is the R package ialiquor 0.1.0's (MIT License, © 2020 Nikhil Agarwal).",
  meaning:
    "What Iowa's licensed retailers bought from the state, which is the only wholesaler of spirits in Iowa (a control state): dollars paid to the state and liters, by month, county and the state's category.",
  caveats:
    "One state's wholesale purchases by retailers: a common proxy for sell-through by category, not national depletions, not shelf prices, and not sales of beer or wine. No brand or supplier in these figures.",
};

export interface Measure {
  id: "sales_dollars" | "volume_liters";
  unit: "USD" | "L";
}

/**
 * The measures kept, in the order of a row's sums: what the pages show. A row's bottles and the
 * state's cost are read and checked like the rest, but not kept.
 */
export const MEASURES: readonly Measure[] = [
  { id: "sales_dollars", unit: "USD" },
  { id: "volume_liters", unit: "L" },
];
