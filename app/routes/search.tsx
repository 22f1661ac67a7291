import { Search } from "lucide-react";
import { COMPANIES } from "#server/content/companies.server.ts";
import { pageNumber } from "#server/data/list-page.server.ts";
import { readSearchParams } from "#server/search/search-params.server.ts";
import { searchSite } from "#server/search/site-search.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import {
  KIND_NAMES,
  SEARCH_KINDS,
  SEARCH_MAX_CHARS,
  SEARCH_PAGE,
  SEARCH_TEXTS,
  type SearchFilters,
  type SearchKind,
} from "#common/search/site-search.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { Pager, numberedPager } from "../components/pager";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { SearchResultGroup } from "../features/search/search-results";
import type { Route } from "./+types/search";

// Plain HTML: results are links and the form is a GET form, so the page works
// without JavaScript; the header's suggestions are an island.
export const handle = ISLANDS_PAGE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(params);
  // A page of one kind is numbered for people (`page=3`); the search itself reads an offset.
  const page = pageNumber(params.get("page"));
  const read = readSearchParams({ ...query, cursor: undefined });
  if (read.state !== "search")
    return {
      q: read.state === "refused" ? read.q : "",
      filters: read.filters,
      page: 1,
      result: null,
      message: read.state === "refused" ? read.message : null,
    };
  const kind = read.input.filters.kind;
  const cursor = kind && page > 1 ? { kind, offset: (page - 1) * SEARCH_PAGE } : undefined;
  const result = await searchSite(database.db, COMPANIES, { ...read.input, cursor });
  return { q: read.input.q, filters: read.input.filters, page, result, message: null };
}

/** The address of a search with these filters (and page). */
function searchHref(q: string, filters: SearchFilters, page = 1): string {
  const params = new URLSearchParams({ q });
  for (const key of ["kind", "series", "from", "to"] as const) if (filters[key]) params.set(key, filters[key]);
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: loaderData?.q ? `Search: ${loaderData.q}` : "Search",
    description: "Search every recap, podcast episode and transcript, the Top Players and the topics.",
    path: "/search",
  }),
  // Result pages are for people; crawlers follow the links instead. The empty page (the site's
  // search itself, linked from every header) is a page like any other.
  ...(loaderData?.q ? [{ name: "robots", content: "noindex, follow" }] : []),
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, filters, result, message } = loaderData;
  const kind = filters.kind;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Search</h1>
      <SearchForm q={q} filters={filters} />
      <div role="status" className="mt-6">
        {message ? (
          <p className="rounded-md border border-copper-300 bg-copper-100 px-4 py-3 text-ink-900">{message}</p>
        ) : !result ? (
          <p className="text-ink-700">
            Search every recap, podcast episode and transcript, the Top Players and the topics.
          </p>
        ) : result.total === 0 ? (
          <p className="text-ink-800">{SEARCH_TEXTS.noResults(q)}</p>
        ) : (
          <p className="text-ink-800">
            {result.total.toLocaleString("en-US")} {result.total === 1 ? "result" : "results"} for “{q}”:{" "}
            {SEARCH_KINDS.filter((k) => result.counts[k] > 0)
              .map(
                (k) =>
                  `${result.counts[k].toLocaleString("en-US")} ${result.counts[k] === 1 ? KIND_NAMES[k].one : KIND_NAMES[k].many.toLowerCase()}`,
              )
              .join(", ")}
          </p>
        )}
      </div>
      {result && result.total > 0 ? (
        <>
          <KindLinks q={q} filters={filters} counts={result.counts} />
          {result.groups
            .filter((g) => kind || g.total > 0)
            .map((group) => (
              <SearchResultGroup
                key={group.kind}
                group={group}
                moreHref={kind ? undefined : searchHref(q, { ...filters, kind: group.kind })}
                pager={
                  kind ? (
                    <Pager
                      className="mt-4"
                      label={`${KIND_NAMES[group.kind].many} pages`}
                      pager={numberedPager(
                        "/search",
                        { q, kind, series: filters.series, from: filters.from, to: filters.to },
                        { page: loaderData.page, pageCount: Math.max(1, Math.ceil(group.total / SEARCH_PAGE)) },
                      )}
                    />
                  ) : null
                }
              />
            ))}
        </>
      ) : null}
    </div>
  );
}

/** The search box and its filters: a GET form, so it works without JavaScript. */
function SearchForm({ q, filters }: { q: string; filters: SearchFilters }) {
  const field = "mt-1 block w-full rounded-md border border-ink-300 bg-surface px-3 py-2 text-ink-950";
  return (
    <form method="get" action="/search" role="search" aria-label="Search the hub" className="mt-4">
      <div className="flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {SEARCH_TEXTS.label}
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX_CHARS}
          placeholder={SEARCH_TEXTS.placeholder}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-ink-300 bg-surface px-3 text-ink-950"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-ink-900 px-4 font-semibold text-white hover:bg-ink-800"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </button>
      </div>
      <fieldset className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <legend className="sr-only">Filters</legend>
        <label className="text-sm font-medium text-ink-700">
          Show
          <select name="kind" defaultValue={filters.kind ?? "all"} className={field}>
            <option value="all">Everything</option>
            {SEARCH_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_NAMES[k].many}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-ink-700">
          Series
          <select name="series" defaultValue={filters.series ?? ""} className={field}>
            <option value="">Both series</option>
            <option value="daily">The Daily Shot</option>
            <option value="weekly">The Weekly Pour</option>
          </select>
        </label>
        <label className="text-sm font-medium text-ink-700">
          From
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={field} />
        </label>
        <label className="text-sm font-medium text-ink-700">
          To
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={field} />
        </label>
      </fieldset>
    </form>
  );
}

/** Each kind with its count, linking to its results alone; the current one marked. */
function KindLinks({ q, filters, counts }: { q: string; filters: SearchFilters; counts: Record<SearchKind, number> }) {
  const base = { ...filters, kind: undefined };
  const link = (label: string, href: string, current: boolean) => (
    <li key={label}>
      <a
        href={href}
        aria-current={current ? "page" : undefined}
        className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${current ? "border-ink-900 bg-ink-900 text-white" : "border-ink-300 text-ink-800 hover:bg-ink-100"}`}
      >
        {label}
      </a>
    </li>
  );
  return (
    <nav aria-label="Result kinds" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {link(
          `All (${SEARCH_KINDS.reduce((sum, k) => sum + counts[k], 0).toLocaleString("en-US")})`,
          searchHref(q, base),
          !filters.kind,
        )}
        {SEARCH_KINDS.map((k) =>
          link(
            `${KIND_NAMES[k].many} (${counts[k].toLocaleString("en-US")})`,
            searchHref(q, { ...base, kind: k }),
            filters.kind === k,
          ),
        )}
      </ul>
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
