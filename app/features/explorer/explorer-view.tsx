import { useLayoutEffect, useMemo, useState } from "react";
import type { Company } from "#common/content/company.ts";
import {
  nextRankSort,
  rankedTable,
  visibleRows,
  type RankedCompany,
  type RankSort,
} from "#common/content/company-query.ts";
import { rowId } from "#common/data/row-id.ts";
import type { CompanyFilings } from "#common/records/filed-figures.ts";
import { COVERAGE_SORT, type CompanyCoverage } from "#common/search/company-coverage.ts";
import { useAddressParams } from "../../hooks/use-address-params";
import { useSite } from "../../hooks/use-site";
import { CompanyModal } from "./company-modal";
import type { CompanyLabels } from "./company-labels";
import { COMPANY_SEARCH_ID, CompanySearch } from "./company-search";
import { profileButtonId } from "./company-table";
import { DistributorsTable, ManufacturersTable } from "./company-tables";
import { CoverageSort } from "./coverage-sort";
import { companyPath } from "./explorer-meta";
import { MAX_QUERY, NO_MATCHES } from "./explorer-text";

/** What the Top Players page is drawn from: the server's, once per content version. */
export interface ExplorerData {
  companies: Company[];
  /** The quarter whose coverage orders the tables, each company's count in it, and whether it is this one. */
  quarter: string;
  currentQuarter: boolean;
  counts: Record<number, number>;
  /** The open profile's coverage, label approvals and filed figures, when the address opened one. */
  coverage: CompanyCoverage | null;
  labels: CompanyLabels | null;
  filings: CompanyFilings | null;
  /** The query string the page was rendered for (`?q=…&sort=…&company=…`). */
  search: string;
}

/** The address of an order of the tables: by coverage or by rank, with no profile open. */
function orderBy(params: URLSearchParams, coverage: boolean): void {
  params.delete("company");
  if (coverage) params.set("sort", COVERAGE_SORT);
  else params.delete("sort");
}

/**
 * The search, the two tables and the open profile. It runs as an island of a plain-HTML page,
 * hydrated at first use (the server's HTML is already the page), and as a component when the
 * router draws the page after a navigation: the address is its state (useAddressParams), not the
 * router's.
 */
export function ExplorerView({
  companies,
  counts,
  quarter,
  currentQuarter,
  coverage,
  labels,
  filings,
  search,
}: ExplorerData) {
  // Named only when the counts are an earlier quarter's: this one has no coverage yet.
  const pastQuarter = currentQuarter ? undefined : quarter;
  const [searchParams, updateUrl] = useAddressParams(search);
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

  const onSearch = (value: string) => {
    setQuery(value);
    updateUrl((params) => (value ? params.set("q", value) : params.delete("q")));
  };
  // Typed before the code came (the island hydrates at first use and keeps the field): search for it.
  useLayoutEffect(() => {
    const typed = document.getElementById(COMPANY_SEARCH_ID);
    if (typed instanceof HTMLInputElement && typed.value.slice(0, MAX_QUERY) !== query)
      // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the DOM once, in the commit that hydrates it
      onSearch(typed.value.slice(0, MAX_QUERY));
    // Once, as the island comes alive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
    orderBy(params, coverage);
    const search = params.toString();
    return `/explorer${search ? `?${search}` : ""}`;
  };
  const chooseOrder = (coverage: boolean) => updateUrl((params) => orderBy(params, coverage));
  // The Rank header orders by rank again, leaving the coverage order.
  const cycleRank = (set: typeof setManufacturerSort) => () => {
    if (byCoverage) updateUrl((params) => params.delete("sort"));
    set(byCoverage ? () => "ascending" : nextRankSort);
  };

  const openId = rowId(searchParams.get("company"));
  const open = companies.find((c) => c.id === openId && c.profile);
  const openProfile = (id: number) => updateUrl((params) => params.set("company", String(id)));
  const closeProfile = (returnFocus: boolean) => {
    const id = open?.id;
    updateUrl((params) => params.delete("company"));
    // Focus goes back to the button that opened the profile (or would have).
    if (id && returnFocus) requestAnimationFrame(() => document.getElementById(profileButtonId(id))?.focus());
  };

  const csvHref = (type: "manufacturer" | "distributor", sort: RankSort) => {
    const params = new URLSearchParams({ type });
    if (query.trim()) params.set("q", query.trim());
    if (sort !== "none") params.set("sort", sort);
    return `/api/companies.csv?${params}`;
  };
  const nothing = manufacturerRows.length === 0 && distributorRows.length === 0;
  // The two tables, each with its own rank order.
  const tables = [
    {
      Table: ManufacturersTable,
      type: "manufacturer",
      all: manufacturers,
      rows: manufacturerRows,
      sort: manufacturerSort,
      setSort: setManufacturerSort,
    },
    {
      Table: DistributorsTable,
      type: "distributor",
      all: distributors,
      rows: distributorRows,
      sort: distributorSort,
      setSort: setDistributorSort,
    },
  ] as const;

  return (
    <>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <CompanySearch value={query} onChange={onSearch} />
        <p role="status" className="mt-3 text-sm text-ink-600">
          {query.trim()
            ? `${manufacturerRows.length + distributorRows.length} of ${companies.length} companies match “${query.trim()}”`
            : null}
        </p>
        <CoverageSort active={byCoverage} href={sortHref} onChoose={chooseOrder} pastQuarter={pastQuarter} />
        {nothing ? (
          <p className="mt-10 rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-700">
            {NO_MATCHES}
          </p>
        ) : (
          tables.map(({ Table, type, all, rows, sort, setSort }) => (
            <Table
              key={type}
              rows={rows}
              total={all.length}
              query={query}
              sort={byCoverage ? "none" : sort}
              onCycleSort={cycleRank(setSort)}
              csvHref={csvHref(type, sort)}
              onOpen={openProfile}
              coverage={coverageColumn}
            />
          ))
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
          coverage={coverage?.company_id === open.id ? coverage : null}
          labels={labels?.companyId === open.id ? labels : null}
          filings={filings?.companyId === open.id ? filings : null}
        />
      ) : null}
    </>
  );
}
