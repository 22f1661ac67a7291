import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import type { Route } from "./+types/not-found";

// The page is the same for every path it answers (nothing in it names the path), so the
// server renders it once per content version and sends a copy (server/http/pages.ts).
export function loader() {
  // A real 404 status, so search engines and link checkers see the page is missing.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    path: null,
  }),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
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
