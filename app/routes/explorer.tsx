import { ComingNext } from "../components/coming-next";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { ToolPageHeader } from "../components/tool-page-header";
import type { Route } from "./+types/explorer";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: siteFromMatches(matches), title: "Top Player Deep Dive", description: "The top 25 U.S. beverage alcohol manufacturers and the top 25 distributors: brands, locations, strategy and profiles.", path: "/explorer" });

export default function Page() {
  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title="Top Player Deep Dive" subtitle="Profiles of the top 25 U.S. beverage alcohol manufacturers and the top 25 distributors" />
      <ComingNext>The company database is being prepared for this page.</ComingNext>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
