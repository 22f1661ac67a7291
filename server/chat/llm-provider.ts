import { EventSourceParserStream } from "eventsource-parser/stream";
import { fetch } from "undici";
import { z } from "zod";
import { readTurn } from "../analyst/builtin-analyst.ts";
import { companyDataAnswer } from "../analyst/intents/company-data-answer.ts";
import type { ChatProvider, ChatRequest, ProviderReply, StreamReply } from "./chat-contract.ts";
import { type ConversationStore } from "./conversation-store.ts";
import { nextContext } from "../analyst/conversation-context.ts";
import { patientAgent } from "./webhook-provider.ts";
import { passageAddress, type Passage } from "../analyst/hub-corpus.ts";
import type { HubKnowledge } from "../analyst/hub-index.ts";

/** What a TextDecoderStream takes (the DOM calls it BufferSource; Node's types have no global name for it). */
type DecoderInput = TextDecoderStream["writable"] extends WritableStream<infer T> ? T : never;

const SYSTEM = `You are {name}, the industry-intelligence assistant of {brand}, a hub for the U.S. spirits and beverage-alcohol trade.
Answer in Markdown: a short heading, then the key points. Base every statement on the hub passages you are given and cite them as Markdown links to their paths (for example [headline](/recap/3)).
When "Top Players data" is given, its figures, ranks, owners and brands are the hub's checked facts: use them as they are, with their years, and link the profiles.
If the passages do not cover the question, say plainly that the hub has no coverage of it yet and suggest what the reader could ask instead. Do not invent figures.
End with two or three follow-up questions the hub could answer, under "You could also ask".`;

const DEEP = `This is a deep-research request: write a structured report with the sections "Summary", "What the recaps say", "Companies involved", "Podcast coverage" and "Sources", using every relevant passage.`;

function passagesBlock(passages: Passage[]): string {
  return passages
    .map(
      (p) =>
        `[${p.kind}] ${p.source}${p.section ? ` / ${p.section}` : ""} (${passageAddress(p)})${p.date ? ` ${p.date}` : ""}\n${p.text}`,
    )
    .join("\n\n---\n\n");
}

// The parts of a chat-completions reply we read, whole or streamed.
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.unknown() }).partial().optional() })).optional(),
});
const chunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).partial().optional() })).optional(),
});

interface Options {
  baseUrl: string;
  apiKey: string;
  model: string;
  knowledge: HubKnowledge;
  conversations: ConversationStore;
  brand: string;
  assistantName: string;
}

/**
 * Provider 2: an OpenAI-compatible chat-completions endpoint, given the
 * conversation's earlier turns, the hub passages that match the question and,
 * when the question is about the Top Players, the answer from their data. It
 * streams when the page asks for a stream.
 */
export function llmProvider(options: Options): ChatProvider {
  // A deep-research answer may take longer than the 300 s Node's fetch waits for headers by default.
  const agent = patientAgent();
  /** The request for the model, and what to remember of this turn once it is answered. */
  async function prepare(request: ChatRequest) {
    const deep = request.deepresearchStatus === "true";
    const [index, context] = await Promise.all([options.knowledge.get(), options.conversations.get(request.uuid)]);
    const turn = readTurn(index, request.message, context);
    const passages = index.search(request.message, deep ? 16 : 6).map((h) => h.passage);
    const system =
      SYSTEM.replace("{name}", options.assistantName).replace("{brand}", options.brand) + (deep ? `\n${DEEP}` : "");
    const facts = turn.read
      ? `Top Players data (the hub's checked company facts):\n\n${companyDataAnswer(turn.text, turn.read)}\n\n`
      : "";
    const messages = [
      { role: "system", content: system },
      ...context.history,
      {
        role: "user",
        content: `${facts}Hub passages:\n\n${passagesBlock(passages) || "(none match)"}\n\nQuestion: ${request.message}`,
      },
    ];
    const about = { companies: turn.companies.map((c) => c.id), intents: turn.intents };
    const remember = (output: string) =>
      options.conversations.set(request.uuid, nextContext(context, about, request.message, output));
    return { messages, remember };
  }

  const call = (messages: unknown[], stream: boolean, signal: AbortSignal) =>
    fetch(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify({ model: options.model, temperature: 0.2, messages, ...(stream ? { stream: true } : {}) }),
      redirect: "manual",
      signal,
      dispatcher: agent,
    });

  return {
    name: "llm",
    async answer(request, signal): Promise<ProviderReply> {
      const { messages, remember } = await prepare(request);
      const res = await call(messages, false, signal);
      if (!res.ok) {
        await res.body?.cancel();
        return { ok: false, status: res.status };
      }
      const content = completionSchema.safeParse(await res.json()).data?.choices?.[0]?.message?.content;
      const output = typeof content === "string" && content.trim() ? content : undefined;
      if (output) await remember(output);
      return { ok: true, output };
    },

    async stream(request, signal): Promise<StreamReply> {
      const { messages, remember } = await prepare(request);
      const res = await call(messages, true, signal);
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        return { ok: false, status: res.ok ? 502 : res.status };
      }
      const isStream = (res.headers.get("content-type") ?? "").includes("text/event-stream");
      // (undici's stream types and the DOM's differ only on paper: the body is a web ReadableStream.)
      // An endpoint that ignores `stream` answers whole: one piece.
      const whole = isStream
        ? undefined
        : completionSchema.safeParse(await res.json()).data?.choices?.[0]?.message?.content;
      const events = isStream
        ? (res.body as unknown as ReadableStream<DecoderInput>)
            .pipeThrough(new TextDecoderStream())
            .pipeThrough(new EventSourceParserStream())
        : undefined;
      async function* tokens(): AsyncGenerator<string> {
        let text = "";
        if (typeof whole === "string") yield (text = whole);
        for await (const event of events ?? []) {
          if (event.data === "[DONE]") break;
          const piece = chunkSchema.safeParse(JSON.parse(event.data)).data?.choices?.[0]?.delta?.content;
          if (piece) {
            text += piece;
            yield piece;
          }
        }
        if (text.trim()) await remember(text);
      }
      return { ok: true, tokens: tokens() };
    },
  };
}
