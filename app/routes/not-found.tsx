import { useEffect } from "react";
import { data, Link } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  // A real 404 status, so search engines and link checkers see the page is missing.
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    path: location.pathname,
  }),
  { name: "robots", content: "noindex" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", loaderData.path);
  }, [loaderData.path]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-display text-7xl font-semibold text-ink-950">404</h1>
      <p className="mt-4 text-xl text-ink-600">Oops! Page not found</p>
      <Link to="/" className="mt-8 rounded-md bg-ink-900 px-5 py-3 font-semibold text-white hover:bg-ink-800">
        Return to Home
      </Link>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
