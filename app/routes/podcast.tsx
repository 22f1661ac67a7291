import { ComingNext } from "../components/coming-next";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { ToolPageHeader } from "../components/tool-page-header";
import type { Route } from "./+types/podcast";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: siteFromMatches(matches), title: "The Spirits Signal", description: "The Spirits Signal: audio content on industry shifts, strategic insights and interviews from the spirits trade.", path: "/podcast" });

export default function Page() {
  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title="The Spirits Signal" subtitle="Audio content on industry shifts, strategic insights and interviews from across the spirits trade" />
      <ComingNext>Episodes are being prepared for this page.</ComingNext>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
