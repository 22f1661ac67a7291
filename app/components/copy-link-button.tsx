import { Link2 } from "lucide-react";
import { notify } from "./toasts";

/** Copies an absolute address to the clipboard and says so with `copiedTitle`. */
export async function copyLink(url: string, copiedTitle = "Link copied"): Promise<void> {
  announceCopy(
    await navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    ),
    url,
    copiedTitle,
  );
}

/** Says a link was copied, or, when there was no clipboard (an insecure origin, or permission refused), shows it to copy by hand. */
export function announceCopy(copied: boolean, url: string, copiedTitle = "Link copied"): void {
  void (copied ? notify("success", copiedTitle, url) : notify("info", "Copy this link", url));
}

/** `what` names the link for screen readers when a page has several ("Copy link" + " to The Daily Shot feed"). */
export function CopyLinkButton({ url, what, className = "" }: { url: string; what?: string; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => void copyLink(url)}
      className={`inline-flex items-center gap-2 rounded-md border border-ink-300 bg-surface px-3 py-1.5 text-sm font-medium text-ink-800 hover:bg-paper ${className}`}
    >
      <Link2 className="h-4 w-4" aria-hidden="true" />
      Copy link
      {what ? <span className="sr-only">{` to ${what}`}</span> : null}
    </button>
  );
}
