import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { z } from "zod";

/**
 * Lists grow for years (a daily show publishes 250+ episodes a year), so no list
 * is read whole. The API pages with opaque cursors (keyset: the sort column and
 * the id of the last row sent), which cost the same on page 1 and page 500 and
 * do not skip or repeat rows when new ones arrive; pages people read are
 * numbered (`?page=N`), since a reader wants "page 3 of 40" and links to it.
 */

/** Most rows one API call returns; also what a caller that sends no `limit` gets. */
export const API_LIST_MAX = 100;

/** One stretch of a list in its order, the cursor of the next stretch (null at the end), and the size of the whole list. */
export interface Slice<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** Where a list stopped: the last row's sort value and id. */
export interface Keyset {
  at: string;
  id: number | string;
}

const keysetShape = z.tuple([z.string().max(64), z.union([z.number().int().positive(), z.string().max(64)])]);

export function encodeCursor(at: string, id: number | string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

/** The keyset a cursor names, or undefined when it is not one this server made. */
export function decodeCursor(raw: string): Keyset | undefined {
  if (raw.length > 200) return undefined;
  try {
    const parsed = keysetShape.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? { at: parsed.data[0], id: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}

/** Rows after `cursor` in a list ordered by (`column`, id) in `order`: a row-value comparison both engines serve from the index. */
export function afterKeyset(
  column: Expression<string>,
  id: Expression<number | string>,
  order: "asc" | "desc",
  cursor: Keyset,
): RawBuilder<SqlBool> {
  return order === "desc"
    ? sql<SqlBool>`(${column}, ${id}) < (${cursor.at}, ${cursor.id})`
    : sql<SqlBool>`(${column}, ${id}) > (${cursor.at}, ${cursor.id})`;
}

/**
 * Turns the `limit + 1` rows read into a slice: the extra row only says that
 * there is more, and the cursor points after the last row kept.
 */
export function sliceOf<R, T>(
  rows: R[],
  limit: number,
  total: number,
  keyOf: (row: R) => Keyset,
  toItem: (row: R) => T,
): Slice<T> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(keyOf(last).at, keyOf(last).id) : null;
  return { items: kept.map(toItem), nextCursor, total };
}

/** A numbered page of a list read by people: which rows to read, and how many pages there are. */
export interface PageWindow {
  page: number;
  perPage: number;
  offset: number;
}

/** Page numbers from a query string: anything that is not a whole number from 1 up reads as page 1. */
export function pageNumber(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export const pageWindow = (page: number, perPage: number): PageWindow => ({
  page,
  perPage,
  offset: (page - 1) * perPage,
});

export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * The numbered page `requested` of a list read by `read`, with how many pages
 * there are. A page past the end (a hand-edited address, or a list that shrank)
 * reads as the last page, so an old link still lands somewhere useful.
 */
export async function readNumberedPage<T>(
  requested: number,
  perPage: number,
  read: (window: PageWindow) => Promise<{ items: T[]; total: number }>,
): Promise<{ items: T[]; total: number; page: number; pageCount: number }> {
  const first = await read(pageWindow(requested, perPage));
  const pages = pageCount(first.total, perPage);
  const page = Math.min(requested, pages);
  const items = page === requested ? first.items : (await read(pageWindow(page, perPage))).items;
  return { items, total: first.total, page, pageCount: pages };
}
