import { lazy, Suspense, useId } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { CommentsHeading, LOADING_COMMENTS } from "./comments-heading";

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
              <CommentsHeading id={headingId} />
              <p className="mt-4 text-sm text-ink-600">{LOADING_COMMENTS}</p>
            </>
          }
        >
          <Comments endpoint={endpoint} headingId={headingId} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
