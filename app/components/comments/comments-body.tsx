import { useState } from "react";
import { CommentForm } from "./comment-form";
import { CommentList } from "./comment-list";
import { CommentsHeading, LOADING_COMMENTS } from "./comments-heading";
import { useComments, type CommentItem } from "../../hooks/use-comments";

/** The count, list and form: loaded after the page's own code, since it sits below what a reader sees first. */
export default function Comments({ endpoint, headingId }: { endpoint: string; headingId: string }) {
  const { state, reload, showMore } = useComments(endpoint);
  // A comment just posted, when its place in the list has not been fetched (the last page of an
  // oldest-first list): it is shown at the end until the list reaches it.
  const [posted, setPosted] = useState<CommentItem[]>([]);
  const shown = state.comments.concat(
    state.more ? posted.filter((p) => !state.comments.some((c) => c.id === p.id)) : [],
  );
  const count = state.comments.length;
  return (
    <>
      <CommentsHeading id={headingId} count={state.status === "ready" ? state.total : undefined} />
      <div className="mt-4" aria-live="polite">
        {state.status === "loading" && count === 0 ? (
          <p className="text-sm text-ink-600">{LOADING_COMMENTS}</p>
        ) : state.status === "error" && count === 0 ? (
          <p className="text-sm text-ink-600">
            Comments could not be loaded.{" "}
            <button type="button" onClick={reload} className="font-medium text-copper-700 underline">
              Try again
            </button>
          </p>
        ) : (
          <CommentList comments={shown} />
        )}
        {state.status === "error" && count > 0 ? (
          <p className="mt-3 text-sm text-ink-600">More comments could not be loaded. Please try again.</p>
        ) : null}
      </div>
      {state.more ? (
        <button
          type="button"
          onClick={showMore}
          disabled={state.loadingMore}
          className="mt-4 inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-surface px-4 text-sm font-semibold text-ink-800 hover:bg-paper disabled:opacity-60"
        >
          {state.loadingMore ? LOADING_COMMENTS : "Show more comments"}
        </button>
      ) : null}
      <div className="mt-6">
        <h3 className="mb-3 text-base font-semibold text-ink-900">Add a comment</h3>
        <CommentForm
          endpoint={endpoint}
          onPosted={(comment) => {
            setPosted((list) => [...list, comment]);
            reload();
          }}
        />
      </div>
    </>
  );
}
