import { ComingNext } from "../components/coming-next";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { ToolPageHeader } from "../components/tool-page-header";
import type { Route } from "./+types/recap";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: siteFromMatches(matches), title: "Weekly Industry Recap", description: "Curated weekly summaries of the most important spirits industry news and developments", path: "/recap" });

export default function Page() {
  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title="Weekly Industry Recap" subtitle="Curated weekly summaries of the most important spirits industry news and developments" />
      <ComingNext>The weekly recaps are being prepared for this page.</ComingNext>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
