import { describe, expect, it } from "vitest";
import { SHARE_DAYS } from "#common/chat/shared-conversation.ts";
import { ENGINES, type Engine } from "../support/databases.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";

// Issue 25 on a real server and each database (and PostgreSQL with Redis, which the limits share):
// shared conversations (made, read, refused, expired, removed only with their key), the passages
// citations quote, and readers' feedback; each limit under a burst twice its size.

const setups: Array<[string, Engine, Record<string, string>]> = ENGINES.map((e) => [e, e, {}]);
if (process.env.TEST_REDIS_URL)
  setups.push([`${ENGINES.at(-1)} with Redis`, ENGINES.at(-1)!, { REDIS_URL: process.env.TEST_REDIS_URL }]);

const SHARE_LIMIT = 5;
const FEEDBACK_LIMIT = 6;
const turns = [
  { role: "user", text: "Who owns Buffalo Trace?", at: "2026-11-24T15:00:00.000Z" },
  {
    role: "assistant",
    text: "**Buffalo Trace** belongs to Sazerac ([Sazerac Company](/explorer?company=11)).",
    at: "2026-11-24T15:00:02.000Z",
  },
];

describe.each(setups)("sharing and judging answers on %s", (name, engine, env) => {
  const handle = serverWithDirectAccess(engine, {
    CHAT_SHARE_RATE_PER_HOUR: String(SHARE_LIMIT),
    CHAT_FEEDBACK_RATE_PER_HOUR: String(FEEDBACK_LIMIT),
    // Each run counts as its own client: Redis keeps a client's counts for the hour, across runs.
    TRUST_PROXY: "1",
    ...env,
  });
  const client = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${handle.server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client, ...headers },
      body: JSON.stringify(body),
    });

  it("keeps a shared conversation for its documented time, shows it, and lets only its key remove it", async () => {
    const made = await post("/api/chat/shares", { messages: turns });
    expect(made.status).toBe(201);
    const share = (await made.json()) as { id: string; url: string; removeKey: string; expiresAt: string };
    expect(share.url).toBe(`/chat/shared/${share.id}`);
    const days = (Date.parse(share.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(SHARE_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(SHARE_DAYS);
    // Only the questions and answers are kept: no address, no uuid.
    const row = await handle.direct.db
      .selectFrom("chat_shares")
      .selectAll()
      .where("id", "=", share.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.messages)).toEqual(turns);
    expect(row.remove_key_hash).not.toContain(share.removeKey);
    expect(Object.keys(row).sort()).toEqual([
      "created_at",
      "expires_at",
      "id",
      "messages",
      "remove_key_hash",
      "removed_at",
    ]);

    const page = await fetch(`${handle.server.url}${share.url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Who owns Buffalo Trace?");
    expect(html).toContain("Sazerac Company");

    const del = (key: string) =>
      fetch(`${handle.server.url}/api/chat/shares/${share.id}`, {
        method: "DELETE",
        headers: key ? { "X-Remove-Key": key } : {},
      });
    expect((await del("")).status).toBe(403);
    const wrong = await del("not-the-key");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "That key does not remove this conversation" });
    expect((await del(share.removeKey)).status).toBe(204);
    const gone = await fetch(`${handle.server.url}${share.url}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("This shared conversation was removed by the person who shared it.");
    expect((await del(share.removeKey)).status).toBe(404);
    const emptied = await handle.direct.db
      .selectFrom("chat_shares")
      .select("messages")
      .where("id", "=", share.id)
      .executeTakeFirstOrThrow();
    expect(emptied.messages).toBe("[]");
  });

  it("says a conversation past its time has expired, and an unknown one is not there", async () => {
    const made = (await (await post("/api/chat/shares", { messages: turns })).json()) as { id: string; url: string };
    await handle.direct.db
      .updateTable("chat_shares")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", made.id)
      .execute();
    const expired = await fetch(`${handle.server.url}${made.url}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This shared conversation has expired.");
    const unknown = await fetch(`${handle.server.url}/chat/shared/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("There is no shared conversation at this address.");
  });

  it("refuses a share that is not a conversation, with the reason", async () => {
    const cases: Array<[unknown, string]> = [
      [{ messages: [turns[0]] }, "share at least one question and its answer"],
      [{ messages: [turns[0], { ...turns[1], role: "system" }] }, "role must be user or assistant"],
      [
        { messages: [turns[0], { ...turns[1], text: "x".repeat(20_001) }] },
        "a message must be at most 20000 characters",
      ],
      [
        { messages: Array.from({ length: 101 }, (_, i) => turns[i % 2]) },
        "a shared conversation holds at most 100 messages",
      ],
      [{ messages: [turns[0], { ...turns[1], at: "yesterday" }] }, "at must be an ISO date-time"],
    ];
    for (const [body, error] of cases) {
      const res = await post("/api/chat/shares", body);
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
  });

  it("answers the passage a citation quotes, or 404 for an address the hub does not hold", async () => {
    const ok = await fetch(
      `${handle.server.url}/api/chat/passage?${new URLSearchParams({ href: "/explorer?company=11", label: "Sazerac Company" })}`,
    );
    expect(ok.status).toBe(200);
    const passage = (await ok.json()) as { source: string; quote: string };
    expect(passage.source).toBe("Sazerac Company");
    expect(passage.quote.length).toBeGreaterThan(40);
    expect((await fetch(`${handle.server.url}/api/chat/passage?href=/recap/999999`)).status).toBe(404);
    const bad = await fetch(`${handle.server.url}/api/chat/passage?href=https://elsewhere.example/`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "href must be a link to a recap, a company or an episode" });
  });

  it("stores feedback with its question, answer and provider, and refuses a bad verdict", async () => {
    const bad = await post("/api/chat/feedback", { rating: "meh", question: "q", answer: "a" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'rating must be "up" or "down"' });
    const good = await post("/api/chat/feedback", {
      rating: "down",
      comment: "No 2024 figures",
      question: "How is RTD doing?",
      answer: "No coverage yet.",
    });
    expect(good.status).toBe(201);
    const row = await handle.direct.db
      .selectFrom("chat_feedback")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      rating: "down",
      comment: "No 2024 figures",
      question: "How is RTD doing?",
      answer: "No coverage yet.",
      provider: "builtin",
    });
  });

  it("holds each limit under a burst twice its size", async () => {
    const address = { "X-Test": name };
    const [shares, votes] = await Promise.all([
      Promise.all(
        Array.from({ length: 2 * SHARE_LIMIT }, () => post("/api/chat/shares", { messages: turns }, address)),
      ),
      Promise.all(
        Array.from({ length: 2 * FEEDBACK_LIMIT }, (_, i) =>
          post("/api/chat/feedback", { rating: "up", question: `burst ${i}`, answer: "a" }, address),
        ),
      ),
    ]);
    // Two shares and one verdict were made by the tests before.
    const shared = shares.filter((r) => r.status === 201).length;
    const judged = votes.filter((r) => r.status === 201).length;
    console.info(
      `chat limits on ${name}: ${2 * SHARE_LIMIT} shares at once gave ${shared} (limit ${SHARE_LIMIT}, 2 used before); ${2 * FEEDBACK_LIMIT} verdicts gave ${judged} (limit ${FEEDBACK_LIMIT}, 1 used before)`,
    );
    // Never more than the limit in the hour (with Redis, a suite that empties the test database may run meanwhile).
    expect(shared).toBeLessThanOrEqual(env.REDIS_URL ? SHARE_LIMIT : SHARE_LIMIT - 2);
    expect(judged).toBeLessThanOrEqual(env.REDIS_URL ? FEEDBACK_LIMIT : FEEDBACK_LIMIT - 1);
    if (!env.REDIS_URL) {
      expect(shared).toBe(SHARE_LIMIT - 2);
      expect(judged).toBe(FEEDBACK_LIMIT - 1);
    }
    expect(shared).toBeGreaterThan(0);
    for (const r of [...shares, ...votes].filter((x) => x.status !== 201)) {
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const refused = (await shares.find((r) => r.status === 429)!.json()) as { error: string };
    expect(refused.error).toMatch(/^You have shared many conversations\. Try again in \d+ minutes\.$/);
    const stored = await handle.direct.db
      .selectFrom("chat_feedback")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("question", "like", "burst %")
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(judged);
  });
});
