import { lazy, Suspense, useId } from "react";
import { ErrorBoundary } from "react-error-boundary";

const Comments = lazy(() => import("./comments-body"));

/**
 * The comments block of a recap or an episode: count, list, form. It has its
 * own error boundary, so nothing that goes wrong here takes the article down.
 */
export function CommentsSection({ endpoint, subject }: { endpoint: string; subject?: string }) {
  const headingId = useId();
  // A page with several sections (the podcast) names each after what it is about.
  const naming = subject ? { "aria-label": `Comments on “${subject}”` } : { "aria-labelledby": headingId };
  return (
    <section {...naming} className="mt-10 border-t border-ink-900/10 pt-8">
      <ErrorBoundary
        fallback={
          <p role="status" className="text-sm text-ink-600">
            Comments are unavailable right now.
          </p>
        }
      >
        <Suspense
          fallback={
            <>
              <h2 id={headingId} className="font-display text-2xl font-semibold text-ink-950">
                Comments
              </h2>
              <p className="mt-4 text-sm text-ink-600">Loading comments...</p>
            </>
          }
        >
          <Comments endpoint={endpoint} headingId={headingId} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
