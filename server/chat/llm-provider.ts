import { fetch } from "undici";
import type { ChatProvider, ChatRequest, ProviderReply } from "./chat-contract.ts";
import type { Passage } from "./hub-corpus.ts";
import type { HubKnowledge } from "./hub-index.ts";

const SYSTEM = `You are {name}, the industry-intelligence assistant of {brand}, a hub for the U.S. spirits and beverage-alcohol trade.
Answer in Markdown: a short heading, then the key points. Base every statement on the hub passages you are given and cite them as Markdown links to their paths (for example [headline](/recap/3)).
If the passages do not cover the question, say plainly that the hub has no coverage of it yet and suggest what the reader could ask instead. Do not invent figures.`;

const DEEP = `This is a deep-research request: write a structured report with the sections "Summary", "What the recaps say", "Companies involved", "Podcast coverage" and "Sources", using every relevant passage.`;

function passagesBlock(passages: Passage[]): string {
  return passages.map((p) => `[${p.kind}] ${p.source}${p.section ? ` / ${p.section}` : ""} (${p.url})${p.date ? ` ${p.date}` : ""}\n${p.text}`).join("\n\n---\n\n");
}

/** Provider 2: an OpenAI-compatible chat-completions endpoint, given the hub passages that match the question. */
export function llmProvider(options: { baseUrl: string; apiKey: string; model: string; knowledge: HubKnowledge; brand: string; assistantName: string }): ChatProvider {
  return {
    name: "llm",
    async answer(request: ChatRequest, signal: AbortSignal): Promise<ProviderReply> {
      const deep = request.deepresearchStatus === "true";
      const index = await options.knowledge.get();
      const passages = index.search(request.message, deep ? 16 : 6).map((h) => h.passage);
      const system = SYSTEM.replace("{name}", options.assistantName).replace("{brand}", options.brand) + (deep ? `\n${DEEP}` : "");
      const res = await fetch(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          messages: [
            { role: "system", content: system },
            { role: "user", content: `Hub passages:\n\n${passagesBlock(passages) || "(none match)"}\n\nQuestion: ${request.message}` },
          ],
        }),
        redirect: "manual",
        signal,
      });
      if (!res.ok) {
        await res.body?.cancel();
        return { ok: false, status: res.status };
      }
      const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
      const content = body.choices?.[0]?.message?.content;
      return { ok: true, output: typeof content === "string" && content.trim() ? content : undefined };
    },
  };
}
