// A search's address (`/search?q=…` and `/api/search?q=…`) read and checked once,
// for the page and the API alike: either what to search for, or the message that
// tells the reader what to change. Nothing a reader types reaches the database
// unchecked, and no input is an error of the server's.
import { z } from "zod";
import {
  SEARCH_KINDS,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  SEARCH_TEXTS,
  type SearchFilters,
} from "#common/search/site-search.ts";
import { decodeSearchCursor, type SearchInput } from "./site-search.server.ts";

const day = z
  .string()
  .trim()
  .transform((s) => s || undefined)
  .refine(
    (s) =>
      s === undefined ||
      (/^\d{4}-\d{2}-\d{2}$/.test(s) &&
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
        new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)),
    SEARCH_TEXTS.badDate,
  )
  .optional();

// One value per parameter: a repeated one (`?q=a&q=b`) is read as its first.
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const searchQuery = z
  .object({
    q: z.preprocess(first, z.string().optional()),
    kind: z.preprocess(
      first,
      z.enum(["all", ...SEARCH_KINDS], { message: "kind must be all, recap, episode, company or topic" }).optional(),
    ),
    series: z.preprocess(
      first,
      z.enum(["", "daily", "weekly"], { message: "series must be daily or weekly" }).optional(),
    ),
    from: z.preprocess(first, day),
    to: z.preprocess(first, day),
    cursor: z.preprocess(first, z.string().optional()),
    limit: z.preprocess(
      first,
      z
        .string()
        .regex(/^\d+$/, "limit must be a whole number from 1 to 50")
        .transform(Number)
        .refine((n) => n >= 1 && n <= 50, "limit must be a whole number from 1 to 50")
        .optional(),
    ),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, SEARCH_TEXTS.badRange);

export type SearchRequest =
  | { state: "empty"; filters: SearchFilters }
  | { state: "refused"; q: string; filters: SearchFilters; message: string }
  | { state: "search"; input: SearchInput };

/** The search an address asks for; "empty" when it asks for none (no `q`). */
export function readSearchParams(query: unknown): SearchRequest {
  const parsed = searchQuery.safeParse(query);
  if (!parsed.success)
    return { state: "refused", q: qOf(query), filters: {}, message: parsed.error.issues[0]!.message };
  const p = parsed.data;
  const filters: SearchFilters = {
    kind: p.kind === "all" ? undefined : p.kind,
    series: p.series || undefined,
    from: p.from,
    to: p.to,
  };
  const q = (p.q ?? "").trim();
  if (!q) return { state: "empty", filters };
  // Counted in characters as a reader sees them, not UTF-16 units.
  const length = [...q].length;
  if (length < SEARCH_MIN_CHARS) return { state: "refused", q, filters, message: SEARCH_TEXTS.tooShort };
  if (length > SEARCH_MAX_CHARS)
    return { state: "refused", q: [...q].slice(0, SEARCH_MAX_CHARS).join(""), filters, message: SEARCH_TEXTS.tooLong };
  let cursor;
  if (p.cursor) {
    cursor = decodeSearchCursor(p.cursor);
    if (!cursor) return { state: "refused", q, filters, message: "cursor is not one this server gave out" };
  }
  return { state: "search", input: { q, filters, cursor, limit: p.limit } };
}

function qOf(query: unknown): string {
  const q = first((query as { q?: unknown } | undefined)?.q);
  return typeof q === "string" ? [...q.trim()].slice(0, SEARCH_MAX_CHARS).join("") : "";
}
