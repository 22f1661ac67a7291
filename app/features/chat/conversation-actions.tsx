import type { ChatMessage } from "./chat-storage";
import type { ExportSite } from "./conversation-markdown";
import { ExportButton } from "./export-button";
import { ShareButton } from "./share-button";

/** What a reader can do with the whole conversation: keep it as a file, or pass it on as a read-only link. */
export function ConversationActions(props: { messages: ChatMessage[]; site: ExportSite; disabled: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ShareButton messages={props.messages} disabled={props.disabled} />
      <ExportButton {...props} />
    </div>
  );
}
