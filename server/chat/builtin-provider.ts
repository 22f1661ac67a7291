import type { ChatProvider, ChatRequest, ProviderReply } from "./chat-contract.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import { nextContext, type ConversationStore } from "./conversation.ts";
import type { HubKnowledge } from "./hub-index.ts";

/** Provider 3, the default: the embedded analyst over the hub's own content, aware of the conversation's earlier turns. */
export function builtinProvider(knowledge: HubKnowledge, conversations: ConversationStore): ChatProvider {
  return {
    name: "builtin",
    async answer(request: ChatRequest): Promise<ProviderReply> {
      const context = await conversations.get(request.uuid);
      const reply = analystAnswer(await knowledge.get(), request.message, request.deepresearchStatus === "true", {
        context,
      });
      await conversations.set(request.uuid, nextContext(context, reply.about, request.message, reply.markdown));
      return { ok: true, output: reply.markdown };
    },
  };
}
