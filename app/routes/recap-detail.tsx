import { data, isRouteErrorResponse } from "react-router";
import { rowId } from "#common/data/row-id.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { ISLANDS_PAGE } from "../lib/static-page";
import { appContext } from "#server/http/app-context.server.ts";
import { RecapArticle, RecapNotFound } from "../features/recap/recap-article";
import { recapMeta } from "../features/recap/recap-meta";
import { toRecapView } from "#server/data/recap-view.server.ts";
import { getRecap } from "#server/data/recaps.server.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { relatedReading } from "#server/search/related-reading.server.ts";
import { NO_ID } from "../features/recap/recap-text";
import { familyTrends } from "#server/market/market-figures.server.ts";
import { chartSlugsIn } from "#common/market/chart-shortcode.ts";
import type { Route } from "./+types/recap-detail";

// Plain HTML with islands (comments, players, copy buttons): a reader's first paint waits for
// no script, and the islands' code (React without the router) loads after the page.
export const handle = ISLANDS_PAGE;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) throw new Error(NO_ID);
  const { database, config } = context.get(appContext);
  const id = rowId(params.id);
  const recap = id ? await getRecap(database.db, id, config.MEDIA_BASE_URL) : undefined;
  if (!recap) throw data("Summary not found", { status: 404 });
  const [related, charts] = await Promise.all([
    relatedReading(database.db, COMPANIES, recap),
    familyTrends(database.db, chartSlugsIn(recap.content)),
  ]);
  return { recap: toRecapView(recap), related, charts };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) {
    return [
      ...pageMeta({
        site,
        title: "Summary Not Found",
        description: "The requested summary could not be found.",
        path: `/recap/${encodeURIComponent(params.id)}`,
      }),
      { name: "robots", content: "noindex" },
    ];
  }
  return recapMeta(site, loaderData.recap);
};

export default function RecapDetail({ loaderData }: Route.ComponentProps) {
  return <RecapArticle recap={loaderData.recap} related={loaderData.related} charts={loaderData.charts} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An unknown id and a failed load read the same to the visitor (spec sections 2 and 8).
  if (error instanceof Error && error.message === NO_ID) return <RouteErrorFallback error={error} />;
  if (isRouteErrorResponse(error) && error.status !== 404 && error.status < 500)
    return <RouteErrorFallback error={error} />;
  return <RecapNotFound />;
}
