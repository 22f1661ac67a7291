import { ComingNext } from "../components/coming-next";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { useSite } from "../components/use-site";
import type { Route } from "./+types/chat";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: `Ask ${site?.assistantName ?? "Eddy"}`,
    description: "Ask questions about spirits market trends, brand performance and industry insights.",
    path: "/chat",
  });
};

export default function Chat() {
  const site = useSite();
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
        <h1 className="font-display text-3xl font-semibold text-ink-950 sm:text-4xl">Ask {site.assistantName}</h1>
      </div>
      <ComingNext>{site.assistantName} is being prepared for this page.</ComingNext>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
