import { z } from "zod";

export { CHAT_TIMEOUT_MS, DEEP_RESEARCH_TIMEOUT_MS } from "#common/chat/chat-deadlines.ts";

/** The webhook contract of spec section 7, which /api/chat takes unchanged whichever provider answers. */
export const chatRequestSchema = z.object(
  {
    message: z
      .string({ message: "message is required" })
      .trim()
      .min(1, "message must not be empty")
      .refine((s) => [...s].length <= 4000, "message must be at most 4000 characters"),
    uuid: z.uuid({ message: "uuid must be a UUID" }),
    timestamp: z.iso.datetime({ offset: true, message: "timestamp must be an ISO date-time" }),
    deepresearchStatus: z.enum(["true", "false"], { message: 'deepresearchStatus must be "true" or "false"' }),
    retryAttempt: z
      .number({ message: "retryAttempt must be a whole number" })
      .int("retryAttempt must be a whole number")
      .min(0)
      .max(10),
  },
  { message: "The body must be a JSON object with message, uuid, timestamp, deepresearchStatus and retryAttempt" },
);
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A provider's answer: the reply (which may lack `output`), or the upstream's failing HTTP status. */
export type ProviderReply = { ok: true; output: string | undefined } | { ok: false; status: number };

/** A streamed answer: the reply's text as it arrives, or the upstream's failing HTTP status before any of it. */
export type StreamReply = { ok: true; tokens: AsyncIterable<string> } | { ok: false; status: number };

export interface ChatProvider {
  readonly name: "webhook" | "llm" | "builtin";
  answer(request: ChatRequest, signal: AbortSignal): Promise<ProviderReply>;
  /** Providers whose upstream streams (the LLM) can answer a page that asks for a stream. */
  stream?(request: ChatRequest, signal: AbortSignal): Promise<StreamReply>;
}
