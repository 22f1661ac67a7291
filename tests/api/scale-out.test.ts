import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { fakeUpstream, json } from "../support/fake-upstream.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Two instances of the server against one PostgreSQL and one Redis, as a deployment runs them.
// CI provides both (TEST_DATABASE_URL, TEST_REDIS_URL); without them there is nothing to scale out to.
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)("two instances on one PostgreSQL and one Redis", () => {
  let testDb: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  const upstream = fakeUpstream();
  const TOKEN = "scale-out-admin-token-0123";

  beforeAll(async () => {
    // A Redis database of its own, emptied, so earlier runs' counters do not leak in.
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    await redis.flushdb();
    redis.disconnect();
    const webhook = await upstream.start();
    testDb = await freshDatabase("postgres");
    const env = {
      ...testDb.env,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      COMMENT_RATE_PER_MINUTE: "3",
      CHAT_WEBHOOK_URL: `${webhook}/hook`,
      DEEP_RESEARCH_PER_ADDRESS: "1",
      ADMIN_TOKEN: TOKEN,
    };
    // The second starts after the first has migrated and seeded.
    a = await startServer(env);
    b = await startServer({ ...env, SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await upstream.stop();
    await testDb?.drop();
  });

  const postComment = (server: RunningServer, text: string) =>
    fetch(`${server.url}/api/recaps/1/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ author_name: "Scale", comment_text: text }),
    });

  it("shows a comment posted through one instance at once through the other, in the API and on the page", async () => {
    expect((await postComment(a, "Posted on A")).status).toBe(201);
    const onB = (await (await fetch(`${b.url}/api/recaps/1/comments`)).json()) as {
      comments: Array<{ comment_text: string }>;
    };
    expect(onB.comments.map((c) => c.comment_text)).toContain("Posted on A");
    const hidden = await fetch(`${a.url}/api/admin/comments`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const id = ((await hidden.json()) as { comments: Array<{ id: string; comment_text: string }> }).comments.find(
      (c) => c.comment_text === "Posted on A",
    )!.id;
    await fetch(`${b.url}/api/admin/comments/${id}/hide`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const afterHide = (await (await fetch(`${a.url}/api/recaps/1/comments`)).json()) as {
      comments: Array<{ comment_text: string }>;
    };
    expect(afterHide.comments.map((c) => c.comment_text)).not.toContain("Posted on A");
  });

  // Both instances answer kept copies before Express (the fast path): a change must still show at once.
  it("drops the page caches of both instances the moment content changes through either", async () => {
    for (const server of [a, b]) {
      for (const path of ["/podcast", "/api/episodes", "/feeds/podcast.xml"]) {
        await fetch(`${server.url}${path}`);
        expect((await fetch(`${server.url}${path}`)).headers.get("x-page-cache"), path).toBe("hit");
      }
    }
    const edit = await fetch(`${a.url}/api/admin/episodes/1`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Retitled on instance A" }),
    });
    expect(edit.status).toBe(200);
    for (const server of [b, a]) {
      for (const path of ["/podcast", "/api/episodes", "/feeds/podcast.xml"]) {
        const answer = await fetch(`${server.url}${path}`);
        expect(answer.headers.get("x-page-cache"), path).toBe("miss");
        expect(await answer.text(), path).toContain("Retitled on instance A");
      }
    }
  });

  it("shares the comment rate limit through Redis: what one instance counted, the other refuses", async () => {
    // One comment was posted above; the limit is 3 a minute for this address across both instances.
    expect((await postComment(b, "Second")).status).toBe(201);
    expect((await postComment(a, "Third")).status).toBe(201);
    const refused = await postComment(b, "Fourth");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers on one instance for a deep-research run started on the other, and holds the per-address limit across both", async () => {
    const held: Array<() => void> = [];
    upstream.on((_req, res) => held.push(() => json(res, 200, { output: "Answered across instances" })));
    const uuid = randomUUID();
    const ask = (server: RunningServer, conversation: string) =>
      fetch(`${server.url}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          message: "Deep question",
          uuid: conversation,
          timestamp: new Date().toISOString(),
          deepresearchStatus: "true",
          retryAttempt: 0,
        }),
      });
    const running = ask(a, uuid);
    await expect.poll(() => held.length).toBe(1);
    const onB = (await (await fetch(`${b.url}/api/chat/jobs/latest?uuid=${uuid}`)).json()) as {
      job: { status: string };
    };
    expect(onB.job.status).toBe("running");
    // One deep run per address at a time, whichever instance is asked.
    expect((await ask(b, randomUUID())).status).toBe(429);
    held[0]!();
    expect(((await (await running).json()) as { output: string }).output).toBe("Answered across instances");
    const done = (await (await fetch(`${b.url}/api/chat/jobs/latest?uuid=${uuid}`)).json()) as {
      job: { status: string; output: string };
    };
    expect(done.job).toMatchObject({ status: "done", output: "Answered across instances" });
  });
});
