// The import values by country (issue 41) as /data/imports, its API and the tariffs topic show
// them. No dependencies, so browser code may import it.

export const IMPORTS_PATH = "/data/imports";

/** The topics whose pages show the import figures: the tariff story in numbers. */
export const IMPORT_TOPICS: readonly string[] = ["tariffs", "trade-policy", "imports"];

/** The six-digit HS codes under 2208, with what each holds (the Census's own short descriptions vary). */
export const HS2208_LABELS: Readonly<Record<string, string>> = {
  "220820": "Grape brandy (cognac, armagnac)",
  "220830": "Whiskies",
  "220840": "Rum and tafia",
  "220850": "Gin and geneva",
  "220860": "Vodka",
  "220870": "Liqueurs and cordials",
  "220890": "Tequila, mezcal and other spirits",
};

export interface CountryFigure {
  /** The Census's four-digit code. */
  code: string;
  name: string;
  /** The latest twelve months held, U.S. dollars (general imports). */
  value: number;
  /** The twelve months before them; null where a month of them is missing. */
  previous: number | null;
}

export interface CodeFigure {
  code: string;
  label: string;
  value: number;
  previous: number | null;
}

export interface MonthFigure {
  /** YYYY-MM. */
  period: string;
  value: number;
  /** The same month a year earlier, when held. */
  previous: number | null;
}

export interface ImportFigures {
  /** The code shown ("all" for every code under 2208) and the country (null for all countries). */
  code: string;
  country: { code: string; name: string } | null;
  /** The last month held (YYYY-MM), and the first month of the latest twelve. */
  asOf: string;
  from: string;
  months: MonthFigure[];
  countries: CountryFigure[];
  codes: CodeFigure[];
  /** Every country the source holds, for the page's choice. */
  choices: Array<{ code: string; name: string }>;
  importedAt: string;
  /** Who publishes the figures and what they mean. */
  source: {
    id: string;
    title: string;
    publisher: string;
    url: string;
    licence: string;
    meaning: string;
    caveats: string;
  };
}

/** The address of the page for a code and a country. */
export function importsPath(code?: string, country?: string): string {
  const params = new URLSearchParams();
  if (code && code !== "all") params.set("code", code);
  if (country) params.set("country", country);
  const text = params.toString();
  return text ? `${IMPORTS_PATH}?${text}` : IMPORTS_PATH;
}

/** Every country's month of every code (general imports, U.S. dollars), as the assistant reads them. */
export interface ImportsTable {
  rows: Array<{ countryCode: string; country: string; code: string; period: string; value: number }>;
  /** The first and last months held (YYYY-MM). */
  first: string;
  asOf: string;
}
