import type { DataSourcesTable } from "../db/schema.ts";

/** Where the listed Top Players' filed figures come from and what they mean (docs/public-records.md). */
export const SEC_COMPANYFACTS_SOURCE: DataSourcesTable = {
  id: "sec-companyfacts",
  title: "Company filings (SEC EDGAR companyfacts and submissions)",
  publisher: "U.S. Securities and Exchange Commission (EDGAR)",
  url: "https://www.sec.gov/search-filings/edgar-application-programming-interfaces",
  licence: "Public filings of U.S. federal record, published by the SEC; not subject to copyright.",
  meaning:
    "The revenue, excise taxes and net sales each listed Top Player (or its listed parent) reported in its 10-K, 10-Q or 20-F, as tagged in the filing's XBRL data: each figure with its period, the concept it was tagged with and the filing it came from.",
  caveats:
    "Figures are the filer's whole group, worldwide, in U.S. dollars, as filed: a later filing (an amendment, or the next year's report restating the year before) replaces an earlier one for the same period. Companies tag revenue with different concepts (gross of excise, net of it), so each figure names its concept.",
};
