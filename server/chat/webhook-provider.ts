import { Agent, fetch } from "undici";
import { DEEP_RESEARCH_TIMEOUT_MS, type ChatProvider, type ChatRequest, type ProviderReply } from "./chat-contract.ts";

/**
 * Node's fetch gives up after 300 s without response headers; a deep-research
 * run may take 15 minutes, so the webhook gets its own limits, a minute past
 * the longest deadline. The request's AbortSignal is what ends it on time.
 */
export function patientAgent(longestDeadlineMs = DEEP_RESEARCH_TIMEOUT_MS): Agent {
  return new Agent({
    headersTimeout: longestDeadlineMs + 60_000,
    bodyTimeout: longestDeadlineMs + 60_000,
    connectTimeout: 10_000,
  });
}

/** Reads `{output}` or n8n's `[{output}]`; anything else counts as no output. */
export function outputOf(body: unknown): string | undefined {
  const first = Array.isArray(body) ? body[0] : body;
  const output = first && typeof first === "object" ? (first as { output?: unknown }).output : undefined;
  return typeof output === "string" ? output : undefined;
}

/** Provider 1: the operator's workflow webhook, sent the spec's exact body. Redirects are not followed. */
export function webhookProvider(url: string, agent: Agent = patientAgent()): ChatProvider {
  return {
    name: "webhook",
    async answer(request: ChatRequest, signal: AbortSignal): Promise<ProviderReply> {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request),
        redirect: "manual",
        signal,
        dispatcher: agent,
      });
      if (!res.ok) {
        await res.body?.cancel();
        return { ok: false, status: res.status };
      }
      const text = await res.text();
      try {
        return { ok: true, output: outputOf(JSON.parse(text)) };
      } catch {
        // A webhook that answers plain text still answered.
        return { ok: true, output: text.trim() || undefined };
      }
    },
  };
}
