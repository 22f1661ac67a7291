import { COMPANIES, withoutCitations } from "#server/content/companies.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { companyCoverage, quarterCoverage } from "#server/search/company-coverage.server.ts";
import { RECENT_LABEL_DAYS } from "#common/records/label-approval.ts";
import { labelPage } from "#server/records/label-approvals.server.ts";
import { companyFilings } from "#server/records/sec-filings.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { siteFromMatches } from "../lib/page-meta";
import { ToolPageHeader } from "../components/tool-page-header";
import { explorerMeta } from "../features/explorer/explorer-meta";
import { ExplorerView } from "../features/explorer/explorer-view";
import { island } from "../islands/island";
import { ISLANDS_PAGE } from "../lib/static-page";
import { EXPLORER_SUBTITLE, EXPLORER_TITLE, MAX_QUERY } from "../features/explorer/explorer-text";
import { useLocation } from "react-router";
import type { Route } from "./+types/explorer";

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

// Plain HTML whose search, tables and profile are one island, hydrated at first use (a pointer,
// a touch, focus, a profile closed): a reader who only reads runs no framework code. An address
// that opens a profile is a modal dialog without it (company-modal.tsx).
export const handle = ISLANDS_PAGE;
const Explorer = island("explorer", ExplorerView, "interaction", { hydrate: true, holdClicks: true });

export default function ExplorerPage({ loaderData }: Route.ComponentProps) {
  const { q: _, openId: __, ...data } = loaderData;
  // Drawn by the router after a navigation, the page stays mounted on the next one to /explorer (a
  // link to it, back to it) and its loader does not run again: each location is a view of its own,
  // from its own address. The island's changes of the address are the island's, unknown to the router.
  const location = useLocation();
  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title={EXPLORER_TITLE} subtitle={EXPLORER_SUBTITLE} />
      <Explorer key={location.key} {...data} search={location.search} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
