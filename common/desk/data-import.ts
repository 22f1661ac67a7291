// What the desk's Data page is given and shows: a source, its imports, and the outcome of the
// import just sent (from the upload's answer, or, without JavaScript, from the page's loader).

/** What an import answers (server/market/market-store.ts's ImportResult is this). */
export interface ImportOutcome {
  /** The import that holds these figures: this one, or the earlier import of the same bytes. */
  importId: number;
  /** The same bytes were imported before: nothing was written. */
  unchanged: boolean;
  importedAt: string;
  rowsRead: number;
  rowsKept: number;
  rowsRefused: number;
  firstPeriod: string;
  lastPeriod: string;
  periodsAdded: number;
  periodsReplaced: number;
}

/**
 * How a source's imports count what they set: the Iowa files by month (added, or replaced), the
 * label approvals one by one (new, or held already and left as they were).
 */
export interface ImportCounts {
  /** What a file holds: "months", "approvals". */
  unit: { one: string; many: string };
  /** What the new ones are called in a list of imports: "added", "new". */
  added: string;
  /** What the held ones are called: "replaced", "held already". */
  repeated: string;
  /** What the first and last period are: "Months", "Completed". */
  span: string;
}

const BY_MONTH: ImportCounts = {
  unit: { one: "month", many: "months" },
  added: "added",
  repeated: "replaced",
  span: "Months",
};
const BY_APPROVAL: ImportCounts = {
  unit: { one: "new approval", many: "new approvals" },
  added: "new",
  repeated: "held already",
  span: "Completed",
};

const BY_FIGURE: ImportCounts = {
  unit: { one: "new figure or filing", many: "new figures or filings" },
  added: "new",
  repeated: "held already",
  span: "Periods or filings",
};

/** How `source`'s imports are counted (a source not listed here counts by month). */
export const importCounts = (source: string): ImportCounts =>
  source === "ttb-cola" ? BY_APPROVAL : source === "sec-companyfacts" ? BY_FIGURE : BY_MONTH;

/** The outcome of one upload: what was imported, or the importer's refusal. */
export type ImportNote = ({ fileName: string; result: ImportOutcome } | { fileName: string; error: string }) & {
  /** The source it was sent to, so the page shows it under that source's form. */
  source?: string | undefined;
};

/** One import as the desk lists it, newest first. */
export interface DeskImport extends Omit<ImportOutcome, "importId" | "unchanged"> {
  id: number;
  fileName: string;
  /** SHA-256 of the bytes as sent, hex. */
  checksum: string;
}

/** Who publishes a source's figures and what they mean (server/market/iowa-source.ts). */
export interface DeskSource {
  id: string;
  title: string;
  publisher: string;
  url: string;
  licence: string;
  meaning: string;
  caveats: string;
}

/** A source's form on the desk's Data page: what its file is called and what is said of it. */
export const IMPORT_FORMS: Record<string, { label: string; hint: string; accept: string; button: string }> = {
  "iowa-liquor-sales": {
    label: "Iowa liquor sales file",
    hint: "The shared file or the portal's CSV, plain (.csv) or gzipped (.csv.gz)",
    accept: ".csv,.gz,text/csv,application/gzip",
    button: "Import file",
  },
  "ttb-cola": {
    label: "TTB label approvals export",
    hint: "The Public COLA Registry's search results saved as CSV (.csv), with or without the two Desc columns",
    accept: ".csv,text/csv",
    button: "Import approvals",
  },
  "census-hs2208": {
    label: "Census imports answer (HS 2208)",
    hint: "The international trade API's JSON answer for HS 2208 by country and month (.json)",
    accept: ".json,application/json",
    button: "Import trade figures",
  },
  "sec-companyfacts": {
    label: "EDGAR companyfacts or submissions file",
    hint: "A listed Top Player's CIK##########.json from EDGAR's companyfacts or submissions API (.json)",
    accept: ".json,application/json",
    button: "Import filings",
  },
};

/** The desk's upload address for a source's files. */
export const importAddress = (source: string) => `/api/desk/data/import/${encodeURIComponent(source)}`;
