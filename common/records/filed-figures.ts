// A listed Top Player's own figures as it filed them with the SEC (issue 41), as the profile, the
// API and the desk show them. No server dependencies, so browser code may import it.
import { numberFormat, shortDay } from "../format/en-us-format.ts";

export const FILED_MEASURES = ["revenue", "excise-taxes", "net-sales"] as const;
export type FiledMeasureName = (typeof FILED_MEASURES)[number];

/** How each measure is said, in the order a profile lists them (sales, less excise, net). */
export const FILED_MEASURE_LABELS: Record<FiledMeasureName, string> = {
  revenue: "Revenue",
  "excise-taxes": "Excise taxes",
  "net-sales": "Net sales",
};

/** The filing's folder on EDGAR: its accession number without the dashes, under the filer's CIK. */
export const filingUrl = (cik: number, accession: string) =>
  `https://www.sec.gov/Archives/edgar/data/${cik}/${accession.replaceAll("-", "")}/`;

/** A filing as a figure names it. */
export interface FilingRef {
  accession: string;
  /** "10-K", "10-Q/A"… */
  form: string;
  /** YYYY-MM-DD. */
  filedOn: string;
  /** An amendment of an earlier filing (its form ends in "/A"). */
  amended: boolean;
  url: string;
}

/** One figure of one period, from the latest filing that reported it. */
export interface FiledFigure {
  measure: FiledMeasureName;
  value: number;
  /** "USD". */
  unit: string;
  /** The XBRL concept it was tagged with, and its taxonomy ("us-gaap"). */
  concept: string;
  taxonomy: string;
  filing: FilingRef;
}

/** A fiscal year or quarter and its figures, in FILED_MEASURES order. */
export interface FiledPeriod {
  kind: "year" | "quarter";
  /** YYYY-MM-DD. */
  start: string;
  end: string;
  figures: FiledFigure[];
}

/** What a profile shows of a company's filings: its filer, and its latest years and quarter. */
export interface CompanyFilings {
  companyId: number;
  filer: { cik: number; annualForm: string; of?: string | undefined };
  /** When the filer's figures were last imported; null when none ever were. */
  importedAt: string | null;
  /** Newest first: the latest fiscal years, and the latest quarter after them, if any. */
  periods: FiledPeriod[];
}

/** A profile's figure that a newer annual report may have overtaken: the desk lists it for an editor. */
export interface FilingReview {
  company: { id: number; name: string };
  /** The claim's field in the company data ("sales", "revenue") and its text. */
  field: string;
  claim: string;
  /** The claim's period as the data gives it ("FY to 2025-02-28"), and the date of what it rests on. */
  claimPeriod: string;
  claimAsOf: string;
  /** The newer annual report, the fiscal year it reports, and its headline figure. */
  filing: FilingRef;
  periodEnd: string;
  figure: FiledFigure | null;
}

/** "Apr 30, 2025": a day (YYYY-MM-DD) as it is, whatever the reader's time zone. */
export { shortDay };

/** "Year to Apr 30, 2025", "Quarter to Jul 31, 2025": a period named by its last day. */
export const periodName = (period: Pick<FiledPeriod, "kind" | "end">) =>
  `${period.kind === "year" ? "Year" : "Quarter"} to ${shortDay(period.end)}`;

const millions = numberFormat({ maximumFractionDigits: 1 });
/** "$3,975 million": a filed figure in millions, as annual reports state them, to a tenth. */
export const filedDollars = (value: number) => `$${millions(value / 1e6)} million`;

/** The profile's API address for a company's filed figures. */
export const filingsApiUrl = (companyId: number) => `/api/data/filings?company=${companyId}`;
