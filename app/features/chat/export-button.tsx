import type { ChatMessage } from "./chat-storage";
import { conversationMarkdown, exportFileName, type ExportSite } from "./conversation-markdown";

/**
 * Saves the conversation as a Markdown file, made in the browser: nothing is sent anywhere.
 * The chat page loads it lazily, once there is something to export.
 */
export function ExportButton({
  messages,
  site,
  disabled,
}: {
  messages: ChatMessage[];
  site: ExportSite;
  disabled: boolean;
}) {
  const save = () => {
    const url = URL.createObjectURL(
      new Blob([conversationMarkdown(messages, site)], { type: "text/markdown;charset=utf-8" }),
    );
    const a = document.createElement("a");
    a.href = url;
    a.download = exportFileName();
    a.click();
    // The download has started from the URL; it is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button
      type="button"
      onClick={save}
      disabled={disabled}
      className="min-h-11 rounded-md border border-ink-900/20 bg-surface px-3 py-2 text-sm font-semibold text-ink-900 hover:bg-paper disabled:cursor-not-allowed disabled:opacity-60"
    >
      Export as Markdown
    </button>
  );
}
