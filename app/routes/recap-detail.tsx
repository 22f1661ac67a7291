import { ComingNext } from "../components/coming-next";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import type { Route } from "./+types/recap-detail";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Weekly Recap",
    description: "A weekly summary of the most important spirits industry developments.",
    path: `/recap/${encodeURIComponent(params.id)}`,
  });

export default function RecapDetail() {
  return <ComingNext>This recap is being prepared for this page.</ComingNext>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
