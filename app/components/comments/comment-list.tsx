import { RelativeTime } from "../relative-time";
import type { CommentItem } from "../../hooks/use-comments";

export function CommentList({ comments }: { comments: CommentItem[] }) {
  if (comments.length === 0) {
    return <p className="text-sm text-ink-600">No comments yet. Be the first to share your thoughts!</p>;
  }
  return (
    <ol className="space-y-4">
      {comments.map((c) => (
        <li key={c.id} className="rounded-lg border border-ink-900/10 bg-paper/60 p-4">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold text-ink-900">{c.author_name}</span>
            <RelativeTime iso={c.created_at} className="text-xs text-ink-600" />
          </div>
          {/* Shown as text, never as HTML; line breaks are kept. */}
          <p className="mt-2 whitespace-pre-line break-words text-ink-800">{c.comment_text}</p>
        </li>
      ))}
    </ol>
  );
}
