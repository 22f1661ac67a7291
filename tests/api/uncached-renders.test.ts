import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type Engine, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Issue 38, point 7, on a real server and each database (and PostgreSQL with Redis, where every
// instance counts against the same windows): a path no page claims gets one kept 404 page, so a
// flood of made-up paths costs a copy each; a render the page cache cannot answer (a new search,
// an unknown recap) counts against the client's address, 120 a minute and 20 in any 10 seconds
// by default, and past that is a 429 with Retry-After, while cached pages still come at once.

const setups: Array<[string, Engine, Record<string, string>]> = ENGINES.map((e) => [e, e, {}]);
if (process.env.TEST_REDIS_URL)
  setups.push([`${ENGINES.at(-1)} with Redis`, ENGINES.at(-1)!, { REDIS_URL: process.env.TEST_REDIS_URL }]);

const TOKEN = "uncached-renders-admin-token-0123";
const PER_MINUTE = 120; // the default
const PER_TEN_SECONDS = PER_MINUTE / 6;

/** A client address of its own (the limit counts per address; Redis keeps counts across runs). */
const anAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
/** Something never asked before, so its page cannot be in the cache. */
let asked = 0;
const fresh = () => `${Date.now().toString(36)}${(asked++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describe.each(setups)("renders the cache cannot answer, on %s", (_name, engine, env) => {
  let db: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  const serverEnv = {
    ADMIN_TOKEN: TOKEN,
    TRUST_PROXY: "1",
    UNCACHED_RATE_PER_MINUTE: String(PER_MINUTE),
    ...env,
  };
  beforeAll(async () => {
    db = await freshDatabase(engine);
    a = await startServer({ ...db.env, ...serverEnv });
    // A second instance on the same database: with Redis it shares the count; without, it counts alone.
    b = await startServer({ ...db.env, ...serverEnv });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  const get = (server: RunningServer, path: string, address: string) =>
    fetch(`${server.url}${path}`, { headers: { "X-Forwarded-For": address } });

  it("answers every made-up path with one kept 404 page, rendered again only when the content changes", async () => {
    const client = anAddress();
    const first = await get(a, `/no-such-page-${fresh()}`, client);
    expect(first.status).toBe(404);
    const html = await first.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // Nothing in it names the path it answered, so it can answer any.
    expect(html).not.toMatch(/no-such-page/);
    expect(html).not.toContain('rel="canonical"');

    // A flood of made-up paths from one address, ten times the limit: each a copy of that page.
    const statuses = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: PER_MINUTE / 10 }, () => get(a, `/${fresh()}/${fresh()}`, client)),
      );
      for (const answer of answers) {
        const key = `${answer.status} ${answer.headers.get("x-page-cache")}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        expect(await answer.text()).toBe(html);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ "404 hit": PER_MINUTE });

    // A content change makes it anew, once.
    const published = await fetch(`${a.url}/api/admin/recaps`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: "2026-11-27",
        headline: "Uncached renders test: a new recap",
        snippets: "A recap that changes the content version.",
        content: "Sample content.",
        tags: ["Test"],
      }),
    });
    expect(published.status).toBe(201);
    const afterChange = await get(a, `/missing-${fresh()}`, client);
    expect([afterChange.status, afterChange.headers.get("x-page-cache")]).toEqual([404, "miss"]);
    expect((await get(a, `/missing-${fresh()}`, client)).headers.get("x-page-cache")).toBe("hit");
    // A path a page claims still gets that page's own not-found answer.
    const unknownRecap = await get(a, "/recap/999999", client);
    expect(unknownRecap.status).toBe(404);
    expect(await unknownRecap.text()).toContain("Summary Not Found");
  });

  it(`lets one address cause ${PER_TEN_SECONDS} uncached renders in 10 seconds, then answers 429 with Retry-After; cached pages still come`, async () => {
    const client = anAddress();
    // A burst of new searches, twice the window, all at once.
    const burst = await Promise.all(
      Array.from({ length: 2 * PER_TEN_SECONDS }, () => get(a, `/search?q=${fresh()}`, client)),
    );
    const counts = { 200: 0, 429: 0 } as Record<number, number>;
    for (const answer of burst) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    expect(counts).toEqual({ 200: PER_TEN_SECONDS, 429: PER_TEN_SECONDS });

    const refused = burst.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const page = await refused.text();
    expect(page).toContain("<h1>Too many requests</h1>");
    expect(page).toMatch(/Too many new pages at once\. Try again in \d+ seconds?\./);

    // The same address still gets what the cache holds: a page already rendered, the kept 404.
    await get(a, "/recap", anAddress());
    const cached = await get(a, "/recap", client);
    expect([cached.status, cached.headers.get("x-page-cache")]).toEqual([200, "hit"]);
    expect((await get(a, `/gone-${fresh()}`, client)).status).toBe(404);
    // The API's lists are counted the same way, and refused in JSON.
    const api = await get(a, `/api/search?q=${fresh()}`, client);
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ error: expect.stringMatching(/^Too many new pages at once\./) });
    // An unknown recap is a render the cache cannot answer too.
    expect((await get(a, `/recap/${900_000 + asked}`, client)).status).toBe(429);
    // React Router's own route lookup for links (lazy discovery) is not a render: never counted, never the 404 page.
    const manifest = await get(a, `/__manifest?p=%2Frecap&p=%2Fno-such-${fresh()}&version=x`, client);
    expect([404, 429]).not.toContain(manifest.status);
    // Another address is not held back.
    expect((await get(a, `/search?q=${fresh()}`, anAddress())).status).toBe(200);
  });

  it(
    env.REDIS_URL
      ? "counts one address's renders on every instance together"
      : "counts each instance alone without Redis",
    async () => {
      const client = anAddress();
      const half = PER_TEN_SECONDS / 2;
      for (const server of [a, b]) {
        const answers = await Promise.all(
          Array.from({ length: half }, () => get(server, `/search?q=${fresh()}`, client)),
        );
        expect(answers.map((r) => r.status)).toEqual(Array.from({ length: half }, () => 200));
      }
      const next = await get(b, `/search?q=${fresh()}`, client);
      expect(next.status).toBe(env.REDIS_URL ? 429 : 200);
    },
  );

  it("does not count a page served from the cache, nor a render another request already started", async () => {
    const client = anAddress();
    const q = fresh();
    // Many asks for one new search at once: one render, shared by all.
    const same = await Promise.all(Array.from({ length: 3 * PER_TEN_SECONDS }, () => get(a, `/search?q=${q}`, client)));
    expect(same.map((r) => r.status)).toEqual(same.map(() => 200));
    expect(same.filter((r) => r.headers.get("x-page-cache") === "miss")).toHaveLength(1);
    // So the address has spent one render of its window.
    const rest = await Promise.all(
      Array.from({ length: PER_TEN_SECONDS }, () => get(a, `/search?q=${fresh()}`, client)),
    );
    expect(rest.filter((r) => r.status === 200)).toHaveLength(PER_TEN_SECONDS - 1);
  });
});
