import type { ChatProvider, ChatRequest, ProviderReply } from "./chat-contract.ts";
import { builtinAnswer, type BuiltinLookups } from "../analyst/builtin-answer.ts";
import { type ConversationStore } from "./conversation-store.ts";
import { nextContext } from "../analyst/conversation-context.ts";
import type { HubKnowledge } from "../analyst/hub-index.ts";

export type { BuiltinLookups, CoverageLookup } from "../analyst/builtin-answer.ts";

/**
 * Provider 3, the default: the embedded analyst over the hub's own content, aware
 * of the conversation's earlier turns. A question about what the hub has said
 * about one company is answered from the coverage index the profiles show; a
 * question on the market figures, from them (builtin-answer.ts).
 */
export function builtinProvider(
  knowledge: HubKnowledge,
  conversations: ConversationStore,
  lookups: BuiltinLookups = {},
): ChatProvider {
  return {
    name: "builtin",
    async answer(request: ChatRequest): Promise<ProviderReply> {
      const context = await conversations.get(request.uuid);
      const index = await knowledge.get();
      const reply = await builtinAnswer(index, request.message, request.deepresearchStatus === "true", {
        context,
        ...lookups,
      });
      await conversations.set(request.uuid, nextContext(context, reply.about, request.message, reply.markdown));
      return { ok: true, output: reply.markdown };
    },
  };
}
