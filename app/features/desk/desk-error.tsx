import { isRouteErrorResponse } from "react-router";
import { RouteErrorFallback } from "../../components/route-error-fallback";

/**
 * A desk page's error boundary: a refusal the desk explains (an expired form,
 * a role the member lacks, a missing item) is shown in words with a way back;
 * anything else gets the site's generic fallback.
 */
export function DeskErrorBoundary({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error)
    ? ((error.data as { formError?: string } | undefined)?.formError ??
      (error.status === 404 ? "Not found." : undefined))
    : undefined;
  if (!message) return <RouteErrorFallback error={error} />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6" role="alert">
      <h1 className="font-display text-display text-ink-950">
        {isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "That did not work"}
      </h1>
      <p className="mt-4 text-lg text-ink-800">{message}</p>
      <a href="/admin" className="mt-8 inline-block font-medium text-copper-700 underline">
        Back to the desk
      </a>
    </section>
  );
}
