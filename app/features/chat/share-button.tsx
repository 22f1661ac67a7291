import { useId, useState } from "react";
import { removalLink, SHARE_DAYS } from "#common/chat/shared-conversation.ts";
import { formatDate } from "../../components/date-text";
import { notify } from "../../components/toasts";
import type { ChatMessage } from "./chat-storage";
import { conversationTurns } from "./conversation-markdown";
import { copyText } from "./copy-text";
import { keepShareKey, removeShare } from "./share-keys";

type Shared = { id: string; url: string; removeUrl: string; expiresAt: string; leftOut: number };

const boxClass = "min-h-11 min-w-0 flex-1 rounded-md border border-ink-300 bg-paper px-2";

/**
 * Publishes a read-only copy of the conversation and shows its link, with a way
 * to copy it and to take it down. The page sends only the ids the server gave its
 * answers: the server publishes its own copy of them, with their questions.
 * The key that removes it stays in this browser; the removal link carries it elsewhere.
 */
export function ShareButton({ messages, disabled }: { messages: ChatMessage[]; disabled: boolean }) {
  const [shared, setShared] = useState<Shared | null>(null);
  const [busy, setBusy] = useState(false);
  const linkId = useId();
  const removalId = useId();

  const share = async () => {
    const answers = conversationTurns(messages).filter((m) => m.role === "assistant");
    const ids = answers.flatMap((m) => (m.answerId ? [m.answerId] : []));
    if (!ids.length)
      return void notify("info", "Nothing to share", "Only answers the hub gave in this conversation can be shared.");
    setBusy(true);
    try {
      const res = await fetch("/api/chat/shares", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answers: ids }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        id?: string;
        url?: string;
        removeKey?: string;
        expiresAt?: string;
        error?: string;
      };
      if (!res.ok || !body.id || !body.url || !body.removeKey || !body.expiresAt)
        return void notify("info", "Not shared", body.error ?? "The conversation could not be shared. Try again.");
      keepShareKey({ id: body.id, removeKey: body.removeKey, expiresAt: body.expiresAt });
      setShared({
        id: body.id,
        url: new URL(body.url, window.location.origin).href,
        removeUrl: removalLink(window.location.origin, body.id, body.removeKey),
        expiresAt: body.expiresAt,
        leftOut: answers.length - ids.length,
      });
    } catch {
      void notify("info", "Not shared", "The hub could not be reached. Try again.");
    } finally {
      setBusy(false);
    }
  };

  if (!shared)
    return (
      <button
        type="button"
        onClick={() => void share()}
        disabled={disabled || busy}
        className="min-h-11 rounded-md border border-ink-900/20 bg-surface px-3 py-2 text-sm font-semibold text-ink-900 hover:bg-paper disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Sharing…" : "Share a read-only link"}
      </button>
    );
  return (
    <div
      className="flex w-full flex-wrap items-center gap-2 rounded-md border border-ink-900/10 bg-surface p-3 text-sm"
      role="status"
    >
      <p className="w-full text-ink-700">
        Anyone with this link can read these questions and answers until {formatDate(shared.expiresAt)} ({SHARE_DAYS}{" "}
        days). Questions you ask after this are not added.
        {shared.leftOut
          ? ` ${shared.leftOut === 1 ? "One reply" : `${shared.leftOut} replies`} the hub did not keep (an error, a stopped or cut-off reply) ${shared.leftOut === 1 ? "is" : "are"} left out.`
          : ""}
      </p>
      <label className="sr-only" htmlFor={linkId}>
        Link to the shared conversation
      </label>
      <input id={linkId} readOnly value={shared.url} onFocus={(e) => e.currentTarget.select()} className={boxClass} />
      <button
        type="button"
        className="min-h-11 rounded-md bg-ink-900 px-3 font-semibold text-white hover:bg-ink-800"
        onClick={() =>
          void copyText(shared.url, {
            title: "Link copied",
            description: "The link to the shared conversation is on your clipboard.",
          })
        }
      >
        Copy link
      </button>
      <a
        href={shared.url}
        target="_blank"
        rel="noopener"
        className="min-h-11 px-2 py-2 font-semibold text-copper-700 underline"
      >
        Open
      </a>
      <button
        type="button"
        className="min-h-11 rounded-md border border-red-700/40 px-3 font-semibold text-red-800 hover:bg-red-50"
        onClick={async () => {
          const outcome = await removeShare(shared.id);
          if (!outcome.ok) return void notify("info", "Not removed", outcome.message);
          setShared(null);
          void notify("success", "Link removed", "The shared conversation is gone.");
        }}
      >
        Remove link
      </button>
      <p className="mt-2 w-full text-ink-700">
        Only this browser holds the key that removes the link. To remove it from another browser or device, keep this
        removal link: anyone who has it can take the conversation down, so keep it to yourself.
      </p>
      <label className="sr-only" htmlFor={removalId}>
        Removal link
      </label>
      <input
        id={removalId}
        readOnly
        value={shared.removeUrl}
        onFocus={(e) => e.currentTarget.select()}
        className={boxClass}
      />
      <button
        type="button"
        className="min-h-11 rounded-md border border-ink-900/20 px-3 font-semibold text-ink-900 hover:bg-paper"
        onClick={() =>
          void copyText(shared.removeUrl, {
            title: "Removal link copied",
            description: "Open it in any browser to take the shared conversation down.",
          })
        }
      >
        Copy removal link
      </button>
    </div>
  );
}
