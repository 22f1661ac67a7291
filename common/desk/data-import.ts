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

/** The outcome of one upload: what was imported, or the importer's refusal. */
export type ImportNote = { fileName: string; result: ImportOutcome } | { fileName: string; error: string };

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

/** The desk's upload address for a source's files. */
export const importAddress = (source: string) => `/api/desk/data/import/${encodeURIComponent(source)}`;
