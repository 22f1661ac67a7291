import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { COMPANIES, withoutCitations } from "#server/content/companies.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { companyCoverage, quarterCoverage } from "#server/search/company-coverage.server.ts";
import { COVERAGE_SORT } from "#common/search/company-coverage.ts";
import { RECENT_LABEL_DAYS } from "#common/records/label-approval.ts";
import { labelPage } from "#server/records/label-approvals.server.ts";
import { companyFilings } from "#server/records/sec-filings.server.ts";
import {
  nextRankSort,
  rankedTable,
  visibleRows,
  type RankedCompany,
  type RankSort,
} from "#common/content/company-query.ts";
import { rowId } from "#common/data/row-id.ts";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { siteFromMatches } from "../lib/page-meta";
import { ToolPageHeader } from "../components/tool-page-header";
import { useSite } from "../hooks/use-site";
import { CompanyModal } from "../features/explorer/company-modal";
import { CompanySearch } from "../features/explorer/company-search";
import { CoverageSort } from "../features/explorer/coverage-sort";
import { profileButtonId } from "../features/explorer/company-table";
import { DistributorsTable, ManufacturersTable } from "../features/explorer/company-tables";
import { companyPath, explorerMeta } from "../features/explorer/explorer-meta";
import { EXPLORER_SUBTITLE, EXPLORER_TITLE, NO_MATCHES } from "../features/explorer/explorer-text";
import type { Route } from "./+types/explorer";

const MAX_QUERY = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_QUERY);
  const wanted = rowId(url.searchParams.get("company"));
  const openId = COMPANIES.find((c) => c.id === wanted && c.profile)?.id ?? null;
  // This quarter's counts for the sort, and the open profile's coverage, so the server's HTML holds it.
  // The page is kept per content version, so these cost one computation per publish.
  const open = COMPANIES.find((c) => c.id === openId);
  const [quarter, coverage, labels, filings] = await Promise.all([
    quarterCoverage(database.db, COMPANIES),
    openId ? companyCoverage(database.db, COMPANIES, openId) : null,
    openId ? labelPage(database.db, { company: openId, days: RECENT_LABEL_DAYS }) : null,
    open ? companyFilings(database.db, open) : undefined,
  ]);
  return {
    q,
    openId,
    // Only the open profile comes with its citations; another fetches them when it opens.
    companies: COMPANIES.map((c) => (c.id === openId ? c : withoutCitations(c))),
    quarter: quarter.quarter,
    currentQuarter: quarter.current,
    counts: quarter.counts,
    coverage: coverage ?? null,
    labels: openId && labels ? { companyId: openId, page: labels } : null,
    filings: filings ?? null,
  };
}

// The dataset is static and the counts come with the page: changing the search, the order or the
// open profile never needs the loader again (a profile opened here fetches its coverage from the API).
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const companies = loaderData?.companies ?? [];
  const open = companies.find((c) => c.id === loaderData?.openId);
  return explorerMeta(siteFromMatches(matches), companies, open, Boolean(loaderData?.q));
};

export default function ExplorerPage({ loaderData }: Route.ComponentProps) {
  const { companies, counts, quarter, currentQuarter } = loaderData;
  // Named only when the counts are an earlier quarter's: this one has no coverage yet.
  const pastQuarter = currentQuarter ? undefined : quarter;
  const [searchParams, setSearchParams] = useSearchParams();
  const site = useSite();
  const urlQuery = searchParams.get("q") ?? "";
  const [query, setQuery] = useState(urlQuery.slice(0, MAX_QUERY));
  const [manufacturerSort, setManufacturerSort] = useState<RankSort>("none");
  const [distributorSort, setDistributorSort] = useState<RankSort>("none");

  // Back and forward change the address under us: follow it (adjusting state while rendering, as React advises).
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    setQuery(urlQuery.slice(0, MAX_QUERY));
  }

  const updateUrl = useCallback(
    (change: (params: URLSearchParams) => void) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const onSearch = (value: string) => {
    setQuery(value);
    updateUrl((params) => (value ? params.set("q", value) : params.delete("q")));
  };

  const manufacturers = useMemo(() => rankedTable(companies, "manufacturer"), [companies]);
  const distributors = useMemo(() => rankedTable(companies, "distributor"), [companies]);
  const byCoverage = searchParams.get("sort") === COVERAGE_SORT;
  // Most covered first; ties keep their rank order (the sort is stable).
  const ordered = (rows: RankedCompany[]) =>
    byCoverage ? [...rows].sort((a, b) => (counts[b.company.id] ?? 0) - (counts[a.company.id] ?? 0)) : rows;
  const manufacturerRows = ordered(visibleRows(manufacturers, query, byCoverage ? "none" : manufacturerSort));
  const distributorRows = ordered(visibleRows(distributors, query, byCoverage ? "none" : distributorSort));
  // The spec's columns stay as they are; the counts join them when the reader orders the tables by them.
  const coverageColumn = byCoverage ? { counts, quarter, pastQuarter, sorted: true } : undefined;
  const sortHref = (coverage: boolean) => {
    const params = new URLSearchParams(searchParams);
    params.delete("company");
    if (coverage) params.set("sort", COVERAGE_SORT);
    else params.delete("sort");
    const search = params.toString();
    return `/explorer${search ? `?${search}` : ""}`;
  };
  // The Rank header orders by rank again, leaving the coverage order.
  const cycleRank = (set: typeof setManufacturerSort) => () => {
    if (byCoverage) updateUrl((params) => params.delete("sort"));
    set(byCoverage ? () => "ascending" : nextRankSort);
  };

  const openId = rowId(searchParams.get("company"));
  const open = companies.find((c) => c.id === openId && c.profile);
  const openProfile = (id: number) => updateUrl((params) => params.set("company", String(id)));
  const closeProfile = () => {
    const id = open?.id;
    updateUrl((params) => params.delete("company"));
    // Focus goes back to the button that opened the profile (or would have).
    if (id) requestAnimationFrame(() => document.getElementById(profileButtonId(id))?.focus());
  };

  const csvHref = (type: "manufacturer" | "distributor", sort: RankSort) => {
    const params = new URLSearchParams({ type });
    if (query.trim()) params.set("q", query.trim());
    if (sort !== "none") params.set("sort", sort);
    return `/api/companies.csv?${params}`;
  };
  const nothing = manufacturerRows.length === 0 && distributorRows.length === 0;

  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title={EXPLORER_TITLE} subtitle={EXPLORER_SUBTITLE} />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <CompanySearch value={query} onChange={onSearch} />
        <p role="status" className="mt-3 text-sm text-ink-600">
          {query.trim()
            ? `${manufacturerRows.length + distributorRows.length} of ${companies.length} companies match “${query.trim()}”`
            : null}
        </p>
        <CoverageSort active={byCoverage} href={sortHref} pastQuarter={pastQuarter} />
        {nothing ? (
          <p className="mt-10 rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-700">
            {NO_MATCHES}
          </p>
        ) : (
          <>
            <ManufacturersTable
              rows={manufacturerRows}
              total={manufacturers.length}
              query={query}
              sort={byCoverage ? "none" : manufacturerSort}
              onCycleSort={cycleRank(setManufacturerSort)}
              csvHref={csvHref("manufacturer", manufacturerSort)}
              onOpen={openProfile}
              coverage={coverageColumn}
            />
            <DistributorsTable
              rows={distributorRows}
              total={distributors.length}
              query={query}
              sort={byCoverage ? "none" : distributorSort}
              onCycleSort={cycleRank(setDistributorSort)}
              csvHref={csvHref("distributor", distributorSort)}
              onOpen={openProfile}
              coverage={coverageColumn}
            />
          </>
        )}
        <p className="mt-10 text-sm text-ink-600">
          Rankings and figures are approximate, based on public information as of 2024; each profile names where its
          facts can be checked.
        </p>
      </div>
      {open ? (
        <CompanyModal
          key={open.id}
          company={open}
          shareUrl={`${site.siteUrl}${companyPath(open.id)}`}
          onClose={closeProfile}
          coverage={loaderData.coverage?.company_id === open.id ? loaderData.coverage : null}
          labels={loaderData.labels?.companyId === open.id ? loaderData.labels : null}
          filings={loaderData.filings?.companyId === open.id ? loaderData.filings : null}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
