import {
  CHAT_TIMEOUT_MS,
  CUT_OFF,
  DEEP_RESEARCH_TIMEOUT_MS,
  ERRORS,
  MAX_RETRIES,
  NO_OUTPUT,
  RETRY_BASE_MS,
  STOPPED,
} from "./chat-text";

export interface AskOptions {
  message: string;
  uuid: string;
  deep: boolean;
  /** Shown for the retry's wait: seconds and the attempt about to be made (2 or 3). */
  onRetryNotice: (seconds: number, attempt: number) => void;
  /** The wait is over: the notice goes and the same text is sent again. */
  onRetryStart: () => void;
  /** The reply so far, as the server streams it (only providers that stream send it in pieces). */
  onPartial?: (text: string) => void;
  /** The visitor's Stop: ends the reply where it is. */
  stop?: AbortSignal;
  /** The id the server keeps the answer under (absent for an answer it did not keep). */
  onAnswerId?: (id: string) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

class TimeoutError extends Error {
  override name = "TimeoutError";
}

/** Spec section 8: a timeout (abort) or an error mentioning fetch or network is worth another try. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TimeoutError || (error instanceof Error && error.name === "AbortError")) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /fetch|network/i.test(message);
}

/** The final assistant message for an error, word for word from the spec's table. */
export function finalMessage(error: unknown, deep: boolean): string {
  if (error instanceof TimeoutError || (error instanceof Error && error.name === "AbortError"))
    return deep ? ERRORS.deepTimeout : ERRORS.timeout;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("500")) return ERRORS.server;
  if (/fetch|network/i.test(message)) return ERRORS.network;
  return ERRORS.other;
}

/** What a stopped reply shows: the text so far, marked as stopped. */
const stoppedReply = (partial: string) => (partial ? `${partial}\n\n${STOPPED}` : STOPPED);

/** Reads a streamed reply (server-sent events `token`, `done`, `error`), passing the text so far to `onPartial`. */
async function readStream(
  body: ReadableStream<BufferSource>,
  onPartial: ((text: string) => void) | undefined,
  onAnswerId: ((id: string) => void) | undefined,
): Promise<string> {
  let text = "";
  // Only a provider that streams sends events: their parser is fetched then, not with the page.
  const { EventSourceParserStream } = await import("eventsource-parser/stream");
  const events = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  for await (const event of events) {
    const data = JSON.parse(event.data) as { text?: string; output?: string; answerId?: unknown; error?: string };
    if (event.event === "token" && data.text) onPartial?.((text += data.text));
    else if (event.event === "done") {
      if (data.output && typeof data.answerId === "string") onAnswerId?.(data.answerId);
      return data.output || text || NO_OUTPUT;
    } else if (event.event === "error") return text ? `${text}\n\n${CUT_OFF}` : ERRORS.other;
  }
  // The connection ended without its closing event: keep what came, say it is incomplete.
  return text ? `${text}\n\n${CUT_OFF}` : ERRORS.other;
}

async function attempt(options: AskOptions, retryAttempt: number): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new TimeoutError("timed out")),
    options.deep ? DEEP_RESEARCH_TIMEOUT_MS : CHAT_TIMEOUT_MS,
  );
  const stop = () => controller.abort();
  options.stop?.addEventListener("abort", stop);
  let partial = "";
  try {
    const res = await doFetch("/api/chat", {
      method: "POST",
      // The same contract either way: a provider that streams answers in pieces when the page can show them.
      headers: {
        "Content-Type": "application/json",
        ...(options.onPartial ? { Accept: "text/event-stream, application/json" } : {}),
      },
      body: JSON.stringify({
        message: options.message,
        uuid: options.uuid,
        timestamp: (options.now?.() ?? new Date()).toISOString(),
        deepresearchStatus: options.deep ? "true" : "false",
        retryAttempt,
      }),
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
    if (res.body && (res.headers.get("content-type") ?? "").includes("text/event-stream")) {
      return await readStream(res.body, (text) => options.onPartial?.((partial = text)), options.onAnswerId);
    }
    const data = (await res.json().catch(() => ({}))) as { output?: unknown; answerId?: unknown };
    if (typeof data.output !== "string" || !data.output) return NO_OUTPUT;
    if (typeof data.answerId === "string") options.onAnswerId?.(data.answerId);
    return data.output;
  } catch (err) {
    if (options.stop?.aborted) return stoppedReply(partial);
    // An abort by our own timer is a timeout, whatever the browser calls it.
    if (controller.signal.aborted) throw new TimeoutError("timed out");
    throw err;
  } finally {
    clearTimeout(timer);
    options.stop?.removeEventListener("abort", stop);
  }
}

/**
 * Sends a question and returns the assistant's reply in markdown, or the
 * spec's final error message: up to 2 retries after 3 s then 6 s for
 * retryable failures, each announced and withdrawn through the callbacks.
 */
export async function askAssistant(options: AskOptions): Promise<string> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(options, retry);
    } catch (error) {
      if (options.stop?.aborted) return stoppedReply("");
      if (retry >= MAX_RETRIES || !isRetryable(error)) return finalMessage(error, options.deep);
      const delay = RETRY_BASE_MS * 2 ** retry;
      options.onRetryNotice(delay / 1000, retry + 2);
      await sleep(delay);
      options.onRetryStart();
    }
  }
}
