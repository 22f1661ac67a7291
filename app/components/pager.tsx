import { ChevronLeft, ChevronRight } from "lucide-react";
import type { MetaDescriptor } from "react-router";
import { Link } from "react-router";

/** A numbered page of a list, and the address of any page of it. */
export interface PagerState {
  page: number;
  pageCount: number;
  /** The address of page `n` with the rest of the current query kept (page 1 has no `page` parameter). */
  href: (n: number) => string;
}

/** The address of `path` with `params`, the page number among them when it is past the first. */
export function pagedHref(path: string, params: Record<string, string | undefined>, page: number): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The pages of a list at `path`, keeping `params` (the search, the series) in every address. */
export function numberedPager(
  path: string,
  params: Record<string, string | undefined>,
  state: { page: number; pageCount: number },
): PagerState {
  return { page: state.page, pageCount: state.pageCount, href: (n) => pagedHref(path, params, n) };
}

/** `<link rel="prev|next">` for the pages beside this one, so crawlers can walk the list. */
export function pagerLinks(siteUrl: string, pager: PagerState | undefined): MetaDescriptor[] {
  if (!pager) return [];
  return [
    ...(pager.page > 1 ? [{ tagName: "link", rel: "prev", href: `${siteUrl}${pager.href(pager.page - 1)}` }] : []),
    ...(pager.page < pager.pageCount
      ? [{ tagName: "link", rel: "next", href: `${siteUrl}${pager.href(pager.page + 1)}` }]
      : []),
  ];
}

/** Previous and next links with "Page N of M": plain links, so paging works without JavaScript. */
export function Pager({ pager, label, className = "" }: { pager: PagerState; label: string; className?: string }) {
  if (pager.pageCount <= 1) return null;
  const { page, pageCount, href } = pager;
  const link =
    "inline-flex min-h-11 items-center gap-1 rounded-md border border-ink-300 bg-surface px-3 text-sm font-semibold text-ink-800 hover:bg-paper";
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-3 ${className}`}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-ink-600">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
