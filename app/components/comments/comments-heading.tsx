/** The spec's loading text, shown while the comments' code or the comments themselves load. */
export const LOADING_COMMENTS = "Loading comments...";

/** "Comments", with the count once the list is known. */
export function CommentsHeading({ id, count }: { id: string; count?: number | undefined }) {
  return (
    <h2 id={id} className="font-display text-2xl font-semibold text-ink-950">
      Comments{count === undefined ? "" : ` (${count})`}
    </h2>
  );
}
