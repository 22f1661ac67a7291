import { z } from "zod";
import type { ImportNote } from "#common/desk/data-import.ts";
import { clearedCookie, cookieIn, deskCookie } from "./request-checks.server.ts";

/**
 * The outcome of an import sent without JavaScript, carried across the redirect back to the Data
 * page (post, redirect, get) in a cookie the page reads once and clears. A refusal's sentence
 * cannot ride in the address: anyone could then send a member a link that shows words of theirs
 * in the desk's own error box.
 */
export const IMPORT_NOTE_COOKIE = "proofline_desk_import";

// Long enough to reach the page after the redirect; a note nobody read is stale soon after.
const NOTE_MINUTES = 5;

const outcome = z.strictObject({
  importId: z.number().int(),
  unchanged: z.boolean(),
  importedAt: z.string().max(40),
  rowsRead: z.number().int(),
  rowsKept: z.number().int(),
  rowsRefused: z.number().int(),
  // A month (YYYY-MM) or, for label approvals, a day (YYYY-MM-DD).
  firstPeriod: z.string().max(10),
  lastPeriod: z.string().max(10),
  periodsAdded: z.number().int(),
  periodsReplaced: z.number().int(),
});
const source = z.string().max(40).optional();
const note = z.union([
  z.strictObject({ fileName: z.string().max(200), result: outcome, source }),
  z.strictObject({ fileName: z.string().max(200), error: z.string().max(1000), source }),
]);

/** The Set-Cookie that carries a note to the next page. */
export function importNoteCookie(value: ImportNote): string {
  const kept: ImportNote =
    "error" in value
      ? {
          fileName: value.fileName,
          error: value.error.slice(0, 1000),
          ...(value.source ? { source: value.source } : {}),
        }
      : value;
  return deskCookie(IMPORT_NOTE_COOKIE, JSON.stringify(kept), new Date(Date.now() + NOTE_MINUTES * 60_000));
}

/** The note a request carries, if any, and the Set-Cookie that clears it (it is shown once). */
export function takeImportNote(cookieHeader: string | null): { note?: ImportNote; clear?: string } {
  const raw = cookieIn(cookieHeader, IMPORT_NOTE_COOKIE);
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const read = note.safeParse(parsed);
  return { ...(read.success ? { note: read.data } : {}), clear: clearedCookie(IMPORT_NOTE_COOKIE) };
}
