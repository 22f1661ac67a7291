import { useState, useSyncExternalStore } from "react";
import { removalLink } from "#common/chat/shared-conversation.ts";
import { notify } from "../../components/toasts";
import { copyText } from "./copy-text";
import { removeShare, shareKeyOf } from "./share-keys";

const noSubscription = () => () => {};

/**
 * Who can take a shared conversation down, said to every reader; and, in the
 * browser that shared it (which holds its key), the buttons to remove it and to
 * copy the removal link that works from any other browser. An island of the
 * shared conversation's plain-HTML page (app/islands).
 */
export function ShareOwnerControls({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  // Local storage is the browser's: the server's page never shows the buttons.
  const removeKey = useSyncExternalStore(
    noSubscription,
    () => shareKeyOf(id)?.removeKey,
    () => undefined,
  );
  const note = (
    <p className="w-full text-sm text-ink-600">
      Only the person who shared this conversation can remove it: from the browser they shared it in, or with the
      removal link they were offered there.
    </p>
  );
  if (!removeKey) return note;
  return (
    <>
      {note}
      <button
        type="button"
        onClick={() =>
          void copyText(removalLink(window.location.origin, id, removeKey), {
            title: "Removal link copied",
            description: "Open it in any browser to take the shared conversation down.",
          })
        }
        className="min-h-11 rounded-md border border-ink-900/20 bg-surface px-3 py-2 text-sm font-semibold text-ink-900 hover:bg-paper"
      >
        Copy removal link
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          if (!window.confirm("Remove this link? Anyone who opens it will see that it was removed.")) return;
          setBusy(true);
          const outcome = await removeShare(id);
          if (!outcome.ok) {
            setBusy(false);
            return void notify("info", "Not removed", outcome.message);
          }
          // The page then says, as it does to everyone, that the conversation was removed.
          window.location.reload();
        }}
        className="min-h-11 rounded-md border border-red-700/40 bg-surface px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        Remove this link
      </button>
    </>
  );
}
