import type { Request, Response } from "express";
import { CHAT_TIMEOUT_MS, type ChatProvider, type ChatRequest } from "../../chat/chat-contract.ts";
import { HttpError } from "../errors.ts";

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A provider that threw: logged, and answered 504 when it ran out of time, else 502. */
export function providerFailure(req: Request, provider: ChatProvider, err: unknown): HttpError {
  const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
  req.log?.warn({ err, provider: provider.name }, "chat provider failed");
  return new HttpError(
    timedOut ? 504 : 502,
    timedOut ? "The assistant did not answer in time" : "The assistant's service could not be reached",
  );
}

/**
 * Answers a page that asked for a stream (Accept: text/event-stream) from a
 * provider that streams: server-sent events `token` ({text}) as the text
 * arrives, then `done` ({output, answerId}: the whole reply and the id it is kept
 * under, or {} when there was none),
 * or `error` ({error}) when the upstream fails midway. A failure before the
 * first token is an ordinary JSON error with the upstream's status, as for
 * /api/chat without a stream. A visitor who presses Stop closes the request,
 * which stops the upstream call.
 */
export async function streamAnswer(
  req: Request,
  res: Response,
  provider: ChatProvider & Required<Pick<ChatProvider, "stream">>,
  request: ChatRequest,
  keep: (output: string) => Promise<string | undefined>,
): Promise<void> {
  const stopped = new AbortController();
  res.on("close", () => {
    if (!res.writableEnded) stopped.abort();
  });
  const signal = AbortSignal.any([stopped.signal, AbortSignal.timeout(CHAT_TIMEOUT_MS)]);

  let reply;
  try {
    reply = await provider.stream(request, signal);
  } catch (err) {
    throw providerFailure(req, provider, err);
  }
  if (!reply.ok) {
    res.status(reply.status).json({ error: `The assistant's service answered ${reply.status}` });
    return;
  }

  // no-transform: the compression middleware must not hold tokens back to fill its buffer.
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store, no-transform",
    "X-Accel-Buffering": "no",
  });
  let output = "";
  try {
    for await (const text of reply.tokens) {
      output += text;
      res.write(event("token", { text }));
    }
    // Only a whole answer is kept: one stopped or cut off midway ends before this.
    const answerId = output ? await keep(output) : undefined;
    res.end(event("done", output ? { output, ...(answerId ? { answerId } : {}) } : {}));
  } catch (err) {
    if (stopped.signal.aborted) return void res.end();
    req.log?.warn({ err, provider: provider.name }, "chat stream failed");
    res.end(event("error", { error: "The assistant's answer was cut off. Please try again." }));
  }
}
