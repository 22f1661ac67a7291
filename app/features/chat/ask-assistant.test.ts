import { describe, expect, it, vi } from "vitest";
import { askAssistant, finalMessage } from "./ask-assistant";
import { ERRORS, NO_OUTPUT } from "./chat-text";

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

function run(responses: Array<Response | Error>, deep = false, onPartial?: (text: string) => void) {
  const calls: Array<Record<string, unknown>> = [];
  const events: string[] = [];
  const answerIds: string[] = [];
  const fetchMock = vi.fn(async (_url: unknown, init?: RequestInit) => {
    calls.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
    const next = responses.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  const result = askAssistant({
    message: "Hi",
    uuid: "6a9e1f0c-2b3d-4e5f-8a7b-9c0d1e2f3a4b",
    deep,
    fetch: fetchMock as unknown as typeof fetch,
    sleep: async (ms) => void events.push(`wait ${ms}`),
    onRetryNotice: (s, k) => events.push(`notice ${s}s attempt ${k}/3`),
    onRetryStart: () => events.push("retry"),
    onAnswerId: (id) => answerIds.push(id),
    ...(onPartial ? { onPartial } : {}),
  });
  return { result, calls, events, answerIds };
}

describe("askAssistant", () => {
  it("sends the spec's body and returns output", async () => {
    const { result, calls } = run([ok({ output: "Hello" })], true);
    expect(await result).toBe("Hello");
    expect(calls[0]).toMatchObject({
      message: "Hi",
      uuid: "6a9e1f0c-2b3d-4e5f-8a7b-9c0d1e2f3a4b",
      deepresearchStatus: "true",
      retryAttempt: 0,
    });
    expect(typeof calls[0]!.timestamp).toBe("string");
  });

  it("falls back when output is missing", async () => {
    expect(await run([ok({})]).result).toBe(NO_OUTPUT);
  });

  it("passes on the id the server keeps the answer under, whole or streamed, and none for a reply it did not keep", async () => {
    const whole = run([ok({ output: "Hello", answerId: "AAAAAAAAAAAAAAAAAAAAAA" })]);
    expect(await whole.result).toBe("Hello");
    expect(whole.answerIds).toEqual(["AAAAAAAAAAAAAAAAAAAAAA"]);
    const stream = (events: string) =>
      new Response(events, { status: 200, headers: { "Content-Type": "text/event-stream" } });
    const streamed = run(
      [
        stream(
          'event: token\ndata: {"text":"Hel"}\n\nevent: token\ndata: {"text":"lo"}\n\nevent: done\ndata: {"output":"Hello","answerId":"BBBBBBBBBBBBBBBBBBBBBB"}\n\n',
        ),
      ],
      false,
      () => {},
    );
    expect(await streamed.result).toBe("Hello");
    expect(streamed.answerIds).toEqual(["BBBBBBBBBBBBBBBBBBBBBB"]);
    // Cut off midway: the text so far, and no id to share or judge it by.
    const cut = run(
      [stream('event: token\ndata: {"text":"Hel"}\n\nevent: error\ndata: {"error":"x"}\n\n')],
      false,
      () => {},
    );
    expect(await cut.result).toMatch(/^Hel\n\n/);
    expect(cut.answerIds).toEqual([]);
    const none = run([ok({})]);
    expect(await none.result).toBe(NO_OUTPUT);
    expect(none.answerIds).toEqual([]);
  });

  it("retries network errors after 3 s then 6 s, with the attempt number in the body, then gives the network message", async () => {
    const { result, calls, events } = run([
      new TypeError("Failed to fetch"),
      new TypeError("Failed to fetch"),
      new TypeError("Failed to fetch"),
    ]);
    expect(await result).toBe(ERRORS.network);
    expect(calls.map((c) => c.retryAttempt)).toEqual([0, 1, 2]);
    expect(events).toEqual([
      "notice 3s attempt 2/3",
      "wait 3000",
      "retry",
      "notice 6s attempt 3/3",
      "wait 6000",
      "retry",
    ]);
  });

  it("returns the answer when a retry succeeds", async () => {
    expect(
      await run([new TypeError("NetworkError when attempting to fetch resource."), ok({ output: "Second time" })])
        .result,
    ).toBe("Second time");
  });

  it("does not retry an HTTP error: 500 gives the server message, others the generic one", async () => {
    const server = run([new Response("{}", { status: 500 })]);
    expect(await server.result).toBe(ERRORS.server);
    expect(server.calls).toHaveLength(1);
    expect(await run([new Response("{}", { status: 429 })]).result).toBe(ERRORS.other);
  });

  it("maps timeouts to the normal or the deep-research message", () => {
    const abort = new DOMException("aborted", "AbortError");
    expect(finalMessage(abort, false)).toBe(ERRORS.timeout);
    expect(finalMessage(abort, true)).toBe(ERRORS.deepTimeout);
    expect(finalMessage(new Error("boom"), false)).toBe(ERRORS.other);
  });
});
