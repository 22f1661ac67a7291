import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { testNow } from "../support/clock.ts";

interface Comment {
  id: string;
  recap_id: number;
  author_name: string;
  comment_text: string;
  created_at: string;
}

const post = (
  server: RunningServer,
  id: number | string,
  body: unknown,
  init: { headers?: Record<string, string>; raw?: string } = {},
) =>
  fetch(`${server.url}/api/recaps/${id}/comments`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });

const list = async (server: RunningServer, id: number) => {
  const res = await fetch(`${server.url}/api/recaps/${id}/comments`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { comments: Comment[] }).comments;
};

const countRows = async (db: Database) =>
  Number(
    (
      await db.db
        .selectFrom("recap_comments")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(ENGINES)("recap comments on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let direct: Database;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    // Generous limits here; the limits themselves are tested below with the defaults.
    server = await startServer({ ...testDb.env, COMMENT_RATE_PER_MINUTE: "1000", COMMENT_RATE_PER_DAY: "1000" });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await direct?.close();
    await server?.stop("SIGKILL");
    await testDb?.drop();
  });

  it("starts empty and answers 404 for an unknown recap", async () => {
    expect(await list(server, 1)).toEqual([]);
    for (const id of ["999", "abc", "0", "1.5"]) {
      const res = await fetch(`${server.url}/api/recaps/${id}/comments`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: "Summary not found" });
      expect((await post(server, id, { author_name: "A", comment_text: "B" })).status, id).toBe(404);
    }
  });

  it("stores a trimmed comment, returns the created row with 201, and lists comments oldest first", async () => {
    const first = await post(server, 2, {
      author_name: "  Dana Reyes ",
      comment_text: "\n First take.\nSecond line.  ",
    });
    expect(first.status).toBe(201);
    const created = ((await first.json()) as { comment: Comment }).comment;
    expect(created).toMatchObject({
      recap_id: 2,
      author_name: "Dana Reyes",
      comment_text: "First take.\nSecond line.",
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    await sleep(5);
    expect((await post(server, 2, { author_name: "Lee", comment_text: "Second take" })).status).toBe(201);
    const comments = await list(server, 2);
    expect(comments.map((c) => c.comment_text)).toEqual(["First take.\nSecond line.", "Second take"]);
    expect(comments[0]).toEqual(created);
    expect(Object.keys(comments[0]!)).not.toContain("client_address");
    expect(Object.keys(comments[0]!)).not.toContain("status");
  });

  it("stores markup as written and returns it as text", async () => {
    const text = '<img src=x onerror="alert(1)"> <b>bold</b> & "quotes"';
    expect((await post(server, 3, { author_name: "<script>x</script>", comment_text: text })).status).toBe(201);
    const [comment] = await list(server, 3);
    expect(comment).toMatchObject({ author_name: "<script>x</script>", comment_text: text });
  });

  it("accepts a name of 80 and a comment of 2000 characters, counting characters rather than UTF-16 units", async () => {
    expect((await post(server, 4, { author_name: "N".repeat(80), comment_text: "C".repeat(2000) })).status).toBe(201);
    expect((await post(server, 4, { author_name: "🥃".repeat(80), comment_text: "🥃".repeat(2000) })).status).toBe(201);
  });

  it.each([
    ["a missing name", { comment_text: "Hi" }, /author_name is required/],
    ["a blank name", { author_name: "   ", comment_text: "Hi" }, /Name is required/],
    ["a blank comment", { author_name: "Ana", comment_text: " \n\t " }, /Comment is required/],
    [
      "a name over 80 characters",
      { author_name: "N".repeat(81), comment_text: "Hi" },
      /Name must be at most 80 characters/,
    ],
    [
      "a comment over 2000 characters",
      { author_name: "Ana", comment_text: "C".repeat(2001) },
      /Comment must be at most 2000 characters/,
    ],
    [
      "a control character in the comment",
      { author_name: "Ana", comment_text: "bell\u0007" },
      /Comment must not contain control characters/,
    ],
    [
      "a tab in the comment",
      { author_name: "Ana", comment_text: "a\tb" },
      /Comment must not contain control characters/,
    ],
    [
      "a C1 control in the comment",
      { author_name: "Ana", comment_text: "a\u0085b" },
      /Comment must not contain control characters/,
    ],
    [
      "a line break in the name",
      { author_name: "Ana\nBell", comment_text: "Hi" },
      /Name must not contain control characters/,
    ],
    [
      "a noncharacter in the comment",
      { author_name: "Ana", comment_text: "a\ufffeb" },
      /Comment must not contain control characters or noncharacters/,
    ],
    [
      "half of a surrogate pair in the name",
      { author_name: "Ana\ud800", comment_text: "Hi" },
      /Name must not contain control characters or noncharacters/,
    ],
    ["a name that is not text", { author_name: 42, comment_text: "Hi" }, /author_name/],
    ["an array body", [{ author_name: "Ana", comment_text: "Hi" }], /JSON object/],
  ])("refuses %s with 400 and stores nothing", async (_name, body, message) => {
    const before = await countRows(direct);
    const res = await post(server, 5, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(await countRows(direct)).toBe(before);
  });

  it("refuses malformed JSON (400), a non-JSON body (415) and a body over 16 KB (413), storing nothing", async () => {
    const before = await countRows(direct);
    const malformed = await post(server, 5, null, { raw: '{"author_name": "Ana",' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The body is not valid JSON" });

    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await post(server, 5, null, {
        headers: { "Content-Type": type },
        raw: "author_name=Ana&comment_text=Hi",
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ error: "Send the body as application/json" });
    }
    const noType = await fetch(`${server.url}/api/recaps/5/comments`, {
      method: "POST",
      body: new Blob(['{"author_name":"A","comment_text":"B"}']),
    });
    expect(noType.status).toBe(415);

    const big = await post(server, 5, { author_name: "Ana", comment_text: "x".repeat(17 * 1024) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "The body must be at most 16 KB" });
    expect(await countRows(direct)).toBe(before);
  });

  it("drops a comment whose honeypot field is filled, while answering as if it were accepted", async () => {
    const before = await countRows(direct);
    const res = await post(server, 6, { author_name: "Bot", comment_text: "Buy now", website: "https://spam.example" });
    expect(res.status).toBe(201);
    expect(await list(server, 6)).toEqual([]);
    expect(await countRows(direct)).toBe(before);
    // The log reaches the test through the server's stdout, which may trail the response.
    await expect
      .poll(() => server.logs.some((l) => typeof l === "object" && l.msg === "comment honeypot filled; dropped"))
      .toBe(true);
  });

  it("never returns a hidden comment", async () => {
    expect((await post(server, 7, { author_name: "Ana", comment_text: "Visible" })).status).toBe(201);
    await direct.db
      .insertInto("recap_comments")
      .values({
        id: crypto.randomUUID(),
        recap_id: 7,
        author_name: "Mod",
        comment_text: "Hidden one",
        status: "hidden",
        client_address: null,
        created_at: testNow().toISOString(),
      })
      .execute();
    expect((await list(server, 7)).map((c) => c.comment_text)).toEqual(["Visible"]);
  });

  it("keeps a comment that got its 201 through a crash of the server (kill -9)", async () => {
    const res = await post(server, 8, { author_name: "Durable", comment_text: "Written before the crash" });
    expect(res.status).toBe(201);
    expect(await server.stop("SIGKILL")).toBeNull();
    server = await startServer({ ...testDb.env, COMMENT_RATE_PER_MINUTE: "1000", COMMENT_RATE_PER_DAY: "1000" });
    expect((await list(server, 8)).map((c) => c.comment_text)).toEqual(["Written before the crash"]);
  });
});

describe("comment rate limits", () => {
  let testDb: TestDatabase;
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const s = await startServer({ ...testDb.env, ...env });
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await testDb?.drop();
  });

  it("allows 2 comments a minute per address by default, then answers 429 with Retry-After; refused input does not count", async () => {
    const server = await start();
    for (let i = 0; i < 3; i++)
      expect((await post(server, 1, { author_name: "", comment_text: "x" })).status).toBe(400);
    expect((await post(server, 1, { author_name: "Ana", comment_text: "one" })).status).toBe(201);
    expect((await post(server, 1, { author_name: "Ana", comment_text: "two" })).status).toBe(201);
    const third = await post(server, 1, { author_name: "Ana", comment_text: "three" });
    expect(third.status).toBe(429);
    const retryAfter = Number(third.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await third.json()) as { error: string }).error).toMatch(
      /^You are commenting too fast\. Please wait \d+ seconds? and try again\.$/,
    );
    expect((await list(server, 1)).map((c) => c.comment_text)).toEqual(["one", "two"]);
  });

  it("allows COMMENT_RATE_PER_DAY comments a day, then asks to wait hours", async () => {
    const server = await start({ COMMENT_RATE_PER_MINUTE: "100", COMMENT_RATE_PER_DAY: "3" });
    for (let i = 0; i < 3; i++)
      expect((await post(server, 2, { author_name: "Ana", comment_text: `c${i}` })).status).toBe(201);
    const refused = await post(server, 2, { author_name: "Ana", comment_text: "c3" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60 * 60);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Please wait 24 hours/);
  });

  it("takes the address from the socket, ignoring X-Forwarded-For unless TRUST_PROXY says to trust a proxy", async () => {
    const direct = await start();
    const spoof = (n: number) => ({ headers: { "X-Forwarded-For": `203.0.113.${n}` } });
    expect((await post(direct, 3, { author_name: "A", comment_text: "1" }, spoof(1))).status).toBe(201);
    expect((await post(direct, 3, { author_name: "A", comment_text: "2" }, spoof(2))).status).toBe(201);
    expect((await post(direct, 3, { author_name: "A", comment_text: "3" }, spoof(3))).status).toBe(429);

    const proxied = await start({ TRUST_PROXY: "1" });
    for (let n = 10; n < 14; n++)
      expect((await post(proxied, 4, { author_name: "A", comment_text: `${n}` }, spoof(n))).status).toBe(201);
    const db = openDatabase({ databaseUrl: undefined, dataDir: testDb.dataDir });
    try {
      const rows = await db.db
        .selectFrom("recap_comments")
        .select("client_address")
        .where("recap_id", "=", 4)
        .orderBy("created_at")
        .execute();
      expect(rows.map((r) => r.client_address)).toEqual([
        "203.0.113.10",
        "203.0.113.11",
        "203.0.113.12",
        "203.0.113.13",
      ]);
    } finally {
      await db.close();
    }
  });
});
