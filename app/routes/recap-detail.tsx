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
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
        <h1 className="font-display text-3xl font-semibold text-ink-950 sm:text-4xl">Weekly Recap</h1>
      </div>
      <ComingNext>This recap is being prepared for this page.</ComingNext>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
