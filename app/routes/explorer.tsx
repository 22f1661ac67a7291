import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { COMPANIES } from "#server/content/companies.server.ts";
import { nextRankSort, rankedTable, visibleRows, type RankSort } from "#common/content/company-query.ts";
import { rowId } from "#common/data/row-id.ts";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { siteFromMatches } from "../lib/page-meta";
import { ToolPageHeader } from "../components/tool-page-header";
import { useSite } from "../hooks/use-site";
import { CompanyModal } from "../features/explorer/company-modal";
import { CompanySearch } from "../features/explorer/company-search";
import { profileButtonId } from "../features/explorer/company-table";
import { DistributorsTable, ManufacturersTable } from "../features/explorer/company-tables";
import { companyPath, explorerMeta } from "../features/explorer/explorer-meta";
import { EXPLORER_SUBTITLE, EXPLORER_TITLE, NO_MATCHES } from "../features/explorer/explorer-text";
import type { Route } from "./+types/explorer";

const MAX_QUERY = 100;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_QUERY);
  const wanted = rowId(url.searchParams.get("company"));
  const openId = COMPANIES.find((c) => c.id === wanted && c.profile)?.id ?? null;
  return { q, openId, companies: COMPANIES };
}

// The dataset is static: changing the search or the open profile never needs the server again.
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const companies = loaderData?.companies ?? [];
  const open = companies.find((c) => c.id === loaderData?.openId);
  return explorerMeta(siteFromMatches(matches), companies, open, Boolean(loaderData?.q));
};

export default function ExplorerPage({ loaderData }: Route.ComponentProps) {
  const { companies } = loaderData;
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
  const manufacturerRows = visibleRows(manufacturers, query, manufacturerSort);
  const distributorRows = visibleRows(distributors, query, distributorSort);

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
              sort={manufacturerSort}
              onCycleSort={() => setManufacturerSort(nextRankSort)}
              csvHref={csvHref("manufacturer", manufacturerSort)}
              onOpen={openProfile}
            />
            <DistributorsTable
              rows={distributorRows}
              total={distributors.length}
              query={query}
              sort={distributorSort}
              onCycleSort={() => setDistributorSort(nextRankSort)}
              csvHref={csvHref("distributor", distributorSort)}
              onOpen={openProfile}
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
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
