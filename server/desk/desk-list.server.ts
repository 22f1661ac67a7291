import { pageNumber, readNumberedPage, type PageWindow } from "../data/list-page.server.ts";
import type { DraftState } from "./drafts.server.ts";

import { STATUS_FILTERS, type DeskListData, type DeskRow, type StatusFilter } from "#common/desk/desk-types.ts";

export { STATUS_FILTERS };
export type { DeskListData, DeskRow, StatusFilter };
export const statusFilter = (raw: string | null): StatusFilter => STATUS_FILTERS.find((s) => s === raw) ?? "all";

const PER_PAGE = 25;

/**
 * What a desk list page shows for its address (`q`, `status`, `page`): the
 * unpublished items that match (all of them: a newsroom has a handful), then
 * a numbered page of the published ones.
 */
export async function deskList<
  D extends { id: number; date: string; publish_at: string | null },
  P extends { id: number; date: string },
>(
  request: Request,
  kind: "recaps" | "episodes",
  read: {
    drafts: (q: string, state: DraftState | undefined) => Promise<D[]>;
    published: (q: string, window: PageWindow) => Promise<{ items: P[]; total: number }>;
    title: (item: D | P) => string;
    view: (id: number) => string;
  },
): Promise<DeskListData> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const status = statusFilter(url.searchParams.get("status"));
  const [drafts, published] = await Promise.all([
    status === "published" ? [] : read.drafts(q, status === "all" ? undefined : status),
    status === "all" || status === "published"
      ? readNumberedPage(pageNumber(url.searchParams.get("page")), PER_PAGE, (w) => read.published(q, w))
      : { items: [], total: 0, page: 1, pageCount: 1 },
  ]);
  const rows: DeskRow[] = [
    ...drafts.map((d) => ({
      key: `d${d.id}`,
      href: `/admin/${kind}/drafts/${d.id}`,
      title: read.title(d),
      date: d.date,
      publishAt: d.publish_at,
    })),
    ...published.items.map((p) => ({
      key: `p${p.id}`,
      href: `/admin/${kind}/${p.id}`,
      title: read.title(p),
      date: p.date,
      publishAt: null,
      viewHref: read.view(p.id),
    })),
  ];
  return {
    q,
    status,
    rows,
    published: { page: published.page, pageCount: published.pageCount, total: published.total },
    done: url.searchParams.get("done"),
  };
}
