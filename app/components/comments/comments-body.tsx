import { CommentForm } from "./comment-form";
import { CommentList } from "./comment-list";
import { CommentsHeading, LOADING_COMMENTS } from "./comments-heading";
import { useComments } from "./use-comments";

/** The count, list and form: loaded after the page's own code, since it sits below what a reader sees first. */
export default function Comments({ endpoint, headingId }: { endpoint: string; headingId: string }) {
  const { state, reload } = useComments(endpoint);
  const count = state.comments.length;
  return (
    <>
      <CommentsHeading id={headingId} count={state.status === "ready" ? count : undefined} />
      <div className="mt-4" aria-live="polite">
        {state.status === "loading" && count === 0 ? (
          <p className="text-sm text-ink-600">{LOADING_COMMENTS}</p>
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
