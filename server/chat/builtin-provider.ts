import type { ChatProvider, ChatRequest, ProviderReply } from "./chat-contract.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import type { HubKnowledge } from "./hub-index.ts";

/** Provider 3, the default: the embedded analyst over the hub's own content. */
export function builtinProvider(knowledge: HubKnowledge): ChatProvider {
  return {
    name: "builtin",
    async answer(request: ChatRequest): Promise<ProviderReply> {
      return { ok: true, output: analystAnswer(await knowledge.get(), request.message, request.deepresearchStatus === "true") };
    },
  };
}
