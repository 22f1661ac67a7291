import { Readable } from "node:stream";

// Recorded samples of the Census international trade API's answer for imports under HS 2208,
// written from its documented format (docs/public-records.md) for the tests: the figures are made
// up, not the Census's. The variables are asked in this order; the API repeats a predicate's
// variable (here COMM_LVL) as an extra column, which the reader ignores.

export const CENSUS_HEADER = [
  "CTY_CODE",
  "CTY_NAME",
  "I_COMMODITY",
  "I_COMMODITY_SDESC",
  "GEN_VAL_MO",
  "CON_VAL_MO",
  "GEN_QY1_MO",
  "UNIT_QY1",
  "YEAR",
  "MONTH",
  "COMM_LVL",
];

const DESCRIPTIONS: Record<string, string> = {
  "220890": "SPIRITUOUS BEVERAGES NESOI",
  "220830": "WHISKIES",
  "220860": "VODKA",
};

/** One row: a country (code, name), a code, a month (YYYY-MM) and its general value; consumption is 98 % of it. */
export function censusRow(
  country: [string, string],
  code: string,
  period: string,
  general: number | string,
  quantity: number | string = typeof general === "number" ? Math.round(general / 20) : general,
): string[] {
  const consumption = typeof general === "number" ? Math.round(general * 0.98) : general;
  return [
    country[0],
    country[1],
    code,
    DESCRIPTIONS[code] ?? "SPIRITS",
    String(general),
    String(consumption),
    String(quantity),
    "PFL",
    period.slice(0, 4),
    period.slice(5, 7),
    "HS6",
  ];
}

export const MEXICO: [string, string] = ["2010", "MEXICO"];
export const UK: [string, string] = ["4120", "UNITED KINGDOM"];
export const ALL: [string, string] = ["-", "TOTAL FOR ALL COUNTRIES"];
export const EU: [string, string] = ["0003", "EUROPEAN UNION"];

export const censusJson = (rows: string[][]) => JSON.stringify([CENSUS_HEADER, ...rows]);
export const censusStream = (text: string) => Readable.from([Buffer.from(text)]);
