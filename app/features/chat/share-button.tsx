import { useState } from "react";
import { SHARE_DAYS } from "#common/chat/shared-conversation.ts";
import { formatDate } from "../../components/date-text";
import { notify } from "../../components/toasts";
import type { ChatMessage } from "./chat-storage";
import { conversationTurns } from "./conversation-markdown";
import { keepShareKey, removeShare } from "./share-keys";

type Shared = { id: string; url: string; expiresAt: string };

/**
 * Publishes a read-only copy of the conversation (its questions and answers,
 * nothing else) and shows its link, with a way to copy it and to take it down.
 * The key that removes it stays in this browser.
 */
export function ShareButton({ messages, disabled }: { messages: ChatMessage[]; disabled: boolean }) {
  const [shared, setShared] = useState<Shared | null>(null);
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      const res = await fetch("/api/chat/shares", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          messages: conversationTurns(messages).map((m) => ({ role: m.role, text: m.text, at: m.at.toISOString() })),
        }),
      });
      const body = (await res.json().catch(() => ({}))) as Partial<Shared> & { removeKey?: string; error?: string };
      if (!res.ok || !body.id || !body.url || !body.removeKey || !body.expiresAt)
        return void notify("info", "Not shared", body.error ?? "The conversation could not be shared. Try again.");
      keepShareKey({ id: body.id, removeKey: body.removeKey, expiresAt: body.expiresAt });
      setShared({ id: body.id, url: new URL(body.url, window.location.origin).href, expiresAt: body.expiresAt });
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
      </p>
      <label className="sr-only" htmlFor="share-link">
        Link to the shared conversation
      </label>
      <input
        id="share-link"
        readOnly
        value={shared.url}
        onFocus={(e) => e.currentTarget.select()}
        className="min-h-11 min-w-0 flex-1 rounded-md border border-ink-300 bg-paper px-2"
      />
      <button
        type="button"
        className="min-h-11 rounded-md bg-ink-900 px-3 font-semibold text-white hover:bg-ink-800"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(shared.url);
            void notify("success", "Link copied", "The link to the shared conversation is on your clipboard.");
          } catch {
            void notify(
              "info",
              "Could not copy",
              "Your browser did not allow the clipboard. Copy the link from the box.",
            );
          }
        }}
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
    </div>
  );
}
