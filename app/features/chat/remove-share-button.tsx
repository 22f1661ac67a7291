import { useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { notify } from "../../components/toasts";
import { removeShare, shareKeyOf } from "./share-keys";

const noSubscription = () => () => {};

/** Shown on a shared conversation only in the browser that shared it (which holds its key). */
export function RemoveShareButton({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  // Local storage is the browser's: the server's page (and the hydrating one) never shows the button.
  const mine = useSyncExternalStore(
    noSubscription,
    () => Boolean(shareKeyOf(id)),
    () => false,
  );
  if (!mine) return null;
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        if (!window.confirm("Remove this link? Anyone who opens it will see that it was removed.")) return;
        setBusy(true);
        const outcome = await removeShare(id);
        setBusy(false);
        if (!outcome.ok) return void notify("info", "Not removed", outcome.message);
        void notify("success", "Link removed", "The shared conversation is gone.");
        void revalidator.revalidate();
      }}
      className="min-h-11 rounded-md border border-red-700/40 bg-surface px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      Remove this link
    </button>
  );
}
