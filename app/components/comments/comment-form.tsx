import { useId, useState, type FormEvent } from "react";
import { useHydrated } from "../../hooks/use-hydrated";
import { useLocalValue, writeLocal } from "../../lib/local-store";
import { notify } from "../toasts";
import type { CommentItem } from "../../hooks/use-comments";

const NAME_KEY = "proofline:comment-name";

export const NAME_MAX = 80;
export const COMMENT_MAX = 2000;

/** What the server said when it refused a comment, if it said something a person can act on. */
async function refusalMessage(res: Response): Promise<string> {
  if (res.status === 400 || res.status === 429) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error === "string") return body.error;
  }
  return "Please try again.";
}

export function CommentForm({ endpoint, onPosted }: { endpoint: string; onPosted: (comment: CommentItem) => void }) {
  const id = useId();
  const storedName = useLocalValue(NAME_KEY) ?? "";
  // `null` until the visitor types: the field shows the remembered name.
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? storedName;
  const [text, setText] = useState("");
  const [posting, setPosting] = useState(false);
  // Until this code has run, typing would be lost and posting impossible: the fields wait for it.
  const hydrated = useHydrated();
  const busy = posting || !hydrated;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const authorName = name.trim();
    const commentText = text.trim();
    if (!authorName || !commentText) {
      void notify("error", "Please fill in all fields", "Both name and comment are required.");
      return;
    }
    const website = new FormData(event.currentTarget).get("website");
    setPosting(true);
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          author_name: authorName,
          comment_text: commentText,
          website: typeof website === "string" ? website : "",
        }),
      });
      if (!res.ok) {
        void notify("error", "Error posting comment", await refusalMessage(res));
        return;
      }
      const { comment } = (await res.json()) as { comment: CommentItem };
      writeLocal(NAME_KEY, authorName);
      setText("");
      void notify("success", "Comment posted!", "Your comment has been added successfully.");
      onPosted(comment);
    } catch {
      void notify("error", "Error posting comment", "Please try again.");
    } finally {
      setPosting(false);
    }
  }

  const field =
    "w-full rounded-md border border-ink-300 bg-surface px-3 py-2 text-ink-900 placeholder:text-ink-500 disabled:cursor-not-allowed disabled:opacity-60";
  return (
    // The fields are marked required; the check itself is ours, so whitespace-only input gets the spec's toast.
    <form onSubmit={submit} noValidate className="space-y-3">
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium text-ink-800">
          Name{" "}
          <span aria-hidden="true" className="text-copper-700">
            *
          </span>
        </label>
        <input
          id={`${id}-name`}
          name="author_name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={NAME_MAX}
          autoComplete="name"
          disabled={busy}
          placeholder="Your name"
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${id}-comment`} className="mb-1 block text-sm font-medium text-ink-800">
          Comment{" "}
          <span aria-hidden="true" className="text-copper-700">
            *
          </span>
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment_text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          required
          rows={4}
          maxLength={COMMENT_MAX}
          disabled={busy}
          placeholder="Share your thoughts..."
          className={`${field} min-h-[80px]`}
        />
      </div>
      {/* The honeypot: off-screen and out of the tab order, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {posting ? "Posting..." : "Post Comment"}
      </button>
    </form>
  );
}
