import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type http from "node:http";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { fakeUpstream, json } from "../support/fake-upstream.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { testNow } from "../support/clock.ts";
import { openDatabase } from "#server/db/client.ts";

const ANSWER_ID = /^[A-Za-z0-9_-]{22}$/;

// "This quarter" is read off the clock. While the quarter holds the demo's RTD recap
// (content/recaps/2026-11-06-rtd-launches.md), the answer cites it; in a later quarter it says
// nothing is dated this quarter and points to the latest coverage it has.
const quarterOf = (d: Date) => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
const RTD_THIS_QUARTER = quarterOf(testNow()) === quarterOf(new Date("2026-11-06T00:00:00Z"));

const body = (message: string, extra: Record<string, unknown> = {}) => ({
  message,
  uuid: randomUUID(),
  timestamp: new Date().toISOString(),
  deepresearchStatus: "false",
  retryAttempt: 0,
  ...extra,
});

async function post(server: RunningServer, payload: unknown) {
  const res = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

describe("POST /api/chat with nothing configured (the built-in analyst)", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    server = await startServer({ ...testDb.env, CHAT_RATE_PER_MINUTE: "100" });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("answers each suggested prompt with sourced markdown", async () => {
    for (const [prompt, source] of [
      ["What's trending in tequila in New York?", /\]\(\/recap\/\d+\)/],
      ["Compare the recent activity of Diageo and Pernod Ricard", /\(\/explorer\?company=4\)/],
      [
        "Top RTD launches this quarter",
        RTD_THIS_QUARTER
          ? /\]\(\/recap\/\d+\)/
          : /dated this quarter \(\d{4}-\d\d-01 to \d{4}-\d\d-\d\d\) yet[^]*The latest it has on this is dated 2026-11-\d\d: \[[^\]]*\]\(\/(recap|podcast)/,
      ],
      ["Premium spirits market slowdown analysis", /\]\(\/podcast\?episode=\d+#episode-\d+\)/],
    ] as const) {
      const reply = await post(server, body(prompt));
      expect(reply.status, prompt).toBe(200);
      expect(reply.body!.output as string, prompt).toMatch(/^## /);
      expect(reply.body!.output as string, prompt).toMatch(source);
    }
  });

  it("refuses a bad request with 400 and a message", async () => {
    const cases: Array<[unknown, string]> = [
      [body("   "), "message must not be empty"],
      [body("x".repeat(4001)), "message must be at most 4000 characters"],
      [body("hi", { uuid: "not-a-uuid" }), "uuid must be a UUID"],
      [body("hi", { deepresearchStatus: true }), 'deepresearchStatus must be "true" or "false"'],
      [body("hi", { timestamp: "yesterday" }), "timestamp must be an ISO date-time"],
      [body("hi", { retryAttempt: 1.5 }), "retryAttempt must be a whole number"],
      [["hi"], "The body must be a JSON object with message, uuid, timestamp, deepresearchStatus and retryAttempt"],
    ];
    for (const [payload, error] of cases)
      expect(await post(server, payload), error).toMatchObject({ status: 400, body: { error } });
  });

  it("records a deep-research run that a reloaded page can find again", async () => {
    const payload = body("What's trending in tequila in New York?", { deepresearchStatus: "true" });
    const reply = await post(server, payload);
    expect(reply.body!.output as string).toContain("### Podcast coverage");
    // The answer is kept, and the job names it, so a reloaded page can share or judge it (issue 37).
    expect(reply.body!.answerId).toMatch(ANSWER_ID);
    const job = (await (await fetch(`${server.url}/api/chat/jobs/latest?uuid=${payload.uuid}`)).json()) as {
      job: Record<string, unknown>;
    };
    expect(job.job).toMatchObject({
      conversation: payload.uuid,
      message: payload.message,
      status: "done",
      output: reply.body!.output,
      answer_id: reply.body!.answerId,
    });
    expect((await fetch(`${server.url}/api/chat/jobs/latest?uuid=${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/chat/jobs/latest?uuid=x`)).status).toBe(400);
  });
});

describe("POST /api/chat with a workflow webhook", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  const upstream = fakeUpstream();
  let upstreamUrl: string;
  beforeAll(async () => {
    upstreamUrl = await upstream.start();
    testDb = await freshDatabase("sqlite");
    server = await startServer({
      ...testDb.env,
      CHAT_WEBHOOK_URL: `${upstreamUrl}/webhook/fasteddy`,
      CHAT_RATE_PER_MINUTE: "100",
      DEEP_RESEARCH_PER_ADDRESS: "2",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    await upstream.stop();
  });

  it("sends the exact body as JSON and returns {output}, also from n8n's [{output}]", async () => {
    upstream.on((_req, res) => json(res, 200, { output: "**From the workflow**" }));
    const payload = body("  Hello  ");
    expect(await post(server, payload)).toMatchObject({ status: 200, body: { output: "**From the workflow**" } });
    const sent = upstream.requests.at(-1)!;
    expect(sent.path).toBe("/webhook/fasteddy");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.body).toEqual({ ...payload, message: "Hello" });

    upstream.on((_req, res) => json(res, 200, [{ output: "From n8n" }]));
    expect(await post(server, body("Hi"))).toMatchObject({ status: 200, body: { output: "From n8n" } });
    upstream.on((_req, res) => json(res, 200, { something: "else" }));
    expect(await post(server, body("Hi"))).toEqual({ status: 200, headers: expect.anything(), body: {} });
  });

  it("passes the upstream's failing status through and does not follow redirects", async () => {
    upstream.on((_req, res) => json(res, 500, { message: "workflow crashed" }));
    expect((await post(server, body("Hi"))).status).toBe(500);
    const before = upstream.requests.length;
    upstream.on((req, res) => {
      if (req.url === "/elsewhere") return json(res, 200, { output: "followed" });
      res.writeHead(302, { Location: `${upstreamUrl}/elsewhere` });
      res.end();
    });
    const redirected = await post(server, body("Hi"));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBeNull();
    expect(upstream.requests.length).toBe(before + 1);
  });

  it("allows two deep-research runs per address at once, and shows a running one to a reloaded page", async () => {
    const held: Array<() => void> = [];
    upstream.on((_req, res) => held.push(() => json(res, 200, { output: "Deep answer" })));
    const first = body("Deep one", { deepresearchStatus: "true" });
    const runs = [post(server, first), post(server, body("Deep two", { deepresearchStatus: "true" }))];
    await expect.poll(() => held.length).toBe(2);
    const third = await post(server, body("Deep three", { deepresearchStatus: "true" }));
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("30");
    expect(third.body!.error).toBe("At most 2 deep-research runs at once. Try again when one has finished");

    const running = (await (await fetch(`${server.url}/api/chat/jobs/latest?uuid=${first.uuid}`)).json()) as {
      job: { status: string; started_at: string };
    };
    expect(running.job.status).toBe("running");
    expect(Date.now() - new Date(running.job.started_at).getTime()).toBeLessThan(10_000);
    for (const release of held) release();
    expect((await Promise.all(runs)).map((r) => r.body!.output)).toEqual(["Deep answer", "Deep answer"]);
    expect(
      (
        (await (await fetch(`${server.url}/api/chat/jobs/latest?uuid=${first.uuid}`)).json()) as {
          job: { status: string };
        }
      ).job.status,
    ).toBe("done");
  });
});

/** A server whose chat goes to a fake OpenAI-compatible endpoint, for the tests of one describe block. */
function llmServer(ratePerMinute: string) {
  const upstream = fakeUpstream();
  const handle = {
    upstream,
    server: undefined as unknown as RunningServer,
    /** The answers the server kept (chat_answers), read from its database. */
    kept: async (question: string) => {
      const direct = openDatabase({ dataDir: testDb!.dataDir });
      try {
        return await direct.db
          .selectFrom("chat_answers")
          .select(["id", "answer", "provider"])
          .where("question", "=", question)
          .execute();
      } finally {
        await direct.close();
      }
    },
  };
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    const url = await upstream.start();
    testDb = await freshDatabase("sqlite");
    handle.server = await startServer({
      ...testDb.env,
      LLM_BASE_URL: `${url}/v1`,
      LLM_API_KEY: "sk-test-key",
      LLM_MODEL: "test-model",
      CHAT_RATE_PER_MINUTE: ratePerMinute,
    });
  });
  afterAll(async () => {
    await handle.server?.stop();
    await testDb?.drop();
    await upstream.stop();
  });
  return handle;
}

describe("POST /api/chat with an OpenAI-compatible LLM", () => {
  const llm = llmServer("2");
  const { upstream } = llm;

  it("asks the model with the hub's matching passages and returns its answer", async () => {
    upstream.on((_req, res) =>
      json(res, 200, {
        choices: [{ message: { role: "assistant", content: "## Tequila\n\nAgave leads ([recap](/recap/9))." } }],
      }),
    );
    const reply = await post(llm.server, body("What's trending in tequila in New York?"));
    expect(reply).toMatchObject({ status: 200, body: { output: "## Tequila\n\nAgave leads ([recap](/recap/9))." } });
    const sent = upstream.requests.at(-1)!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe("Bearer sk-test-key");
    const { model, messages } = sent.body as { model: string; messages: Array<{ role: string; content: string }> };
    expect(model).toBe("test-model");
    expect(messages[0]!.role).toBe("system");
    expect(messages[1]!.content).toMatch(/Tequila's New York Moment.*\(\/recap\/\d+\)/);
    expect(messages[1]!.content).toContain("Question: What's trending in tequila in New York?");
    expect(JSON.stringify(reply.body)).not.toContain("sk-test-key");
  });

  it("limits questions per minute per address with 429 and Retry-After", async () => {
    upstream.on((_req, res) => json(res, 200, { choices: [{ message: { content: "ok" } }] }));
    const second = await post(llm.server, body("Again"));
    expect(second.status).toBe(200);
    const third = await post(llm.server, body("Once more"));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe.each(ENGINES)("follow-up questions over HTTP (%s)", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, CHAT_RATE_PER_MINUTE: "100" });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("answers 'and their key brands?' about the company of the conversation's last turn, and only in that conversation", async () => {
    const uuid = randomUUID();
    const first = await post(server, body("Who owns Tito's?", { uuid }));
    expect(first.body!.output as string).toContain("Bert 'Tito' Beveridge");
    const second = await post(server, body("And their key brands?", { uuid }));
    expect(second.body!.output as string).toContain("**Key brands:** Tito's Handmade Vodka");
    const elsewhere = await post(server, body("And their key brands?"));
    expect(elsewhere.body!.output as string).not.toContain("Tito's Handmade Vodka");
  });
});

/** Server-sent events of a streamed reply, parsed. */
async function postStream(server: RunningServer, payload: unknown) {
  const res = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream, application/json" },
    body: JSON.stringify(payload),
  });
  const text = await res.text();
  const events = text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as Record<string, string>,
    }));
  return { status: res.status, type: res.headers.get("content-type"), text, events };
}

/** Answers like an OpenAI-compatible endpoint that streams: one chunk per piece, then [DONE]. */
function streamChunks(res: http.ServerResponse, pieces: string[], delayMs = 0) {
  res.writeHead(200, { "Content-Type": "text/event-stream" });
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i === pieces.length) return void res.end("data: [DONE]\n\n");
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: pieces[i++] } }] })}\n\n`);
    setTimeout(next, delayMs);
  };
  next();
}

describe("POST /api/chat streamed from an OpenAI-compatible LLM", () => {
  const llm = llmServer("100");
  const { upstream } = llm;

  it("streams the model's tokens as server-sent events, then the whole reply; callers that want JSON still get {output}", async () => {
    upstream.on((_req, res) => streamChunks(res, ["## Tequila", "\n\nAgave ", "leads."]));
    const reply = await postStream(llm.server, body("What's trending in tequila in New York?"));
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^text\/event-stream/);
    expect(reply.events).toEqual([
      { event: "token", data: { text: "## Tequila" } },
      { event: "token", data: { text: "\n\nAgave " } },
      { event: "token", data: { text: "leads." } },
      { event: "done", data: { output: "## Tequila\n\nAgave leads.", answerId: expect.stringMatching(ANSWER_ID) } },
    ]);
    expect((upstream.requests.at(-1)!.body as { stream?: boolean }).stream).toBe(true);
    // Kept whole, as the LLM's answer (issue 37), under the id the last event gave.
    expect(await llm.kept("What's trending in tequila in New York?")).toEqual([
      { id: reply.events.at(-1)!.data.answerId, answer: "## Tequila\n\nAgave leads.", provider: "llm" },
    ]);

    upstream.on((_req, res) => json(res, 200, { choices: [{ message: { content: "Whole." } }] }));
    expect(await post(llm.server, body("Again"))).toMatchObject({ status: 200, body: { output: "Whole." } });
    expect((upstream.requests.at(-1)!.body as { stream?: boolean }).stream).toBeUndefined();
  });

  it("gives the model the conversation's earlier turns and the company data for a company question", async () => {
    const uuid = randomUUID();
    upstream.on((_req, res) => streamChunks(res, ["Sazerac ", "owns it."]));
    await postStream(llm.server, body("Who owns Fireball?", { uuid }));
    const first = upstream.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    expect(first.messages).toHaveLength(2);
    expect(first.messages[1]!.content).toContain("Top Players data");
    expect(first.messages[1]!.content).toContain("**Fireball** belongs to [Sazerac Company](/explorer?company=11)");

    upstream.on((_req, res) => streamChunks(res, ["Buffalo Trace and more."]));
    await postStream(llm.server, body("And their other brands?", { uuid }));
    const second = upstream.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    expect(second.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second.messages[2]!.content).toBe("Sazerac owns it.");
    expect(second.messages[3]!.content).toContain("**Key brands:** Fireball, Buffalo Trace");
  });

  it("passes a failing status through as JSON before any token, and ends with an error event when the upstream breaks midway", async () => {
    upstream.on((_req, res) => json(res, 500, { error: "boom" }));
    const failed = await postStream(llm.server, body("Hello"));
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toEqual({ error: "The assistant's service answered 500" });

    upstream.on((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "Half an answer" } }] })}\n\n`);
      setTimeout(() => res.destroy(), 50);
    });
    const broken = await postStream(llm.server, body("Hello again"));
    expect(broken.events[0]).toEqual({ event: "token", data: { text: "Half an answer" } });
    expect(broken.events.at(-1)).toEqual({
      event: "error",
      data: { error: "The assistant's answer was cut off. Please try again." },
    });
    // Half an answer is not one the hub gave: it is not kept, so it cannot be shared or judged.
    expect(await llm.kept("Hello again")).toEqual([]);
  });

  it("stops the model's call when the visitor stops the reply", async () => {
    let upstreamClosed = false;
    upstream.on((req, res) => {
      req.socket.on("close", () => (upstreamClosed = true));
      streamChunks(
        res,
        Array.from({ length: 100 }, (_, i) => `word${i} `),
        50,
      );
    });
    const stop = new AbortController();
    const logged = llm.server.logs.length;
    const res = await fetch(`${llm.server.url}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body("Tell me everything")),
      signal: stop.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    stop.abort();
    await expect.poll(() => upstreamClosed, { timeout: 5000 }).toBe(true);
    // A reply stopped midway is not kept either: its request's log line, which trails its end, comes first.
    await expect
      .poll(() => llm.server.logs.slice(logged).some((l) => typeof l === "object" && /^request /.test(String(l.msg))))
      .toBe(true);
    expect(await llm.kept("Tell me everything")).toEqual([]);
  });
});
