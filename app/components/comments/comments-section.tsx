import { useId } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { CommentForm } from "./comment-form";
import { CommentList } from "./comment-list";
import { useComments } from "./use-comments";

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
        <Comments endpoint={endpoint} headingId={headingId} />
      </ErrorBoundary>
    </section>
  );
}

function Comments({ endpoint, headingId }: { endpoint: string; headingId: string }) {
  const { state, reload } = useComments(endpoint);
  const count = state.comments.length;
  return (
    <>
      <h2 id={headingId} className="font-display text-2xl font-semibold text-ink-950">
        Comments{state.status === "ready" ? ` (${count})` : ""}
      </h2>
      <div className="mt-4" aria-live="polite">
        {state.status === "loading" && count === 0 ? (
          <p className="text-sm text-ink-600">Loading comments...</p>
        ) : state.status === "error" ? (
          <p className="text-sm text-ink-600">
            Comments could not be loaded.{" "}
            <button type="button" onClick={reload} className="font-medium text-copper-700 underline">
              Try again
            </button>
          </p>
        ) : (
          <CommentList comments={state.comments} />
        )}
      </div>
      <div className="mt-6">
        <h3 className="mb-3 text-base font-semibold text-ink-900">Add a comment</h3>
        <CommentForm endpoint={endpoint} onPosted={reload} />
      </div>
    </>
  );
}
