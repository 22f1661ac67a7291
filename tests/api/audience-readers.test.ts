import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, ENGINES, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const TOKEN = "audience-admin-token-0123456789";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe.each(ENGINES)("readers counted on the server on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let direct: Database;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({
      ...testDb.env,
      ANALYTICS_FLUSH_SECONDS: "0.1",
      TRUST_PROXY: "1",
      ADMIN_TOKEN: TOKEN,
      SITE_URL: "http://proofline.test",
    });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await direct?.close();
    await server?.stop();
    await testDb?.drop();
  });

  async function visit(path: string, address: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      headers: { "User-Agent": CHROME, "X-Forwarded-For": address, Accept: "text/html", ...headers },
    });
    await res.arrayBuffer();
    return res;
  }
  const settled = () => new Promise((r) => setTimeout(r, 600));
  const daily = async (path: string) =>
    (await direct.db
      .selectFrom("reader_daily")
      .select(["views", "visitors"])
      .where("path", "=", path)
      .executeTakeFirst()) ?? {
      views: 0,
      visitors: 0,
    };

  it("counts page views and unique visitors per page and for the site, and sets no cookie", async () => {
    const first = await visit("/recap", "198.51.100.10");
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    await visit("/recap", "198.51.100.10");
    await visit("/recap", "198.51.100.11");
    await visit("/recap?q=tequila", "198.51.100.11", { "User-Agent": SAFARI });
    await visit("/podcast", "198.51.100.10");
    await settled();
    expect(await daily("/recap")).toEqual({ views: 4, visitors: 3 });
    expect(await daily("/podcast")).toEqual({ views: 1, visitors: 1 });
    expect(await daily("*")).toEqual({ views: 5, visitors: 3 });
  });

  it("leaves out readers who ask not to be tracked, bots, prefetches, errors, the API and the desk", async () => {
    const before = await daily("*");
    await visit("/explorer", "198.51.100.20", { DNT: "1" });
    await visit("/explorer", "198.51.100.21", { "Sec-GPC": "1" });
    await visit("/explorer", "198.51.100.22", {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await visit("/explorer", "198.51.100.23", { "Sec-Purpose": "prefetch" });
    expect((await visit("/no-such-page", "198.51.100.24")).status).toBe(404);
    await visit("/api/recaps", "198.51.100.25");
    await visit("/admin/sign-in", "198.51.100.26");
    await settled();
    expect(await daily("*")).toEqual(before);
    expect(await daily("/explorer")).toEqual({ views: 0, visitors: 0 });
  });

  it("records where readers came from: other sites' domains and campaign links, not the site itself", async () => {
    await visit("/podcast", "198.51.100.30", { Referer: "https://www.news.example.com/story?id=4" });
    await visit("/podcast", "198.51.100.31", { Referer: "http://proofline.test/recap" });
    await visit("/podcast?utm_source=Newsletter&utm_medium=email&utm_campaign=holiday", "198.51.100.32");
    await settled();
    const sources = await direct.db
      .selectFrom("reader_sources")
      .select(["kind", "label", "views"])
      .orderBy("kind")
      .execute();
    expect(sources).toEqual([
      { kind: "campaign", label: "newsletter / email / holiday", views: 1 },
      { kind: "referrer", label: "news.example.com", views: 1 },
    ]);
  });

  it("counts a navigation within the site (a data request from another page) as a view of its page, not a revalidation", async () => {
    const before = await daily("/explorer");
    await visit("/explorer.data", "198.51.100.40", { Referer: `${server.url}/recap` });
    await visit("/explorer.data", "198.51.100.40", { Referer: `${server.url}/explorer` });
    await settled();
    expect(await daily("/explorer")).toEqual({ views: before.views + 1, visitors: before.visitors + 1 });
  });

  it("stores no address or user agent, only each day's salted hashes, and reports the figures", async () => {
    for (const table of ["reader_daily", "reader_visitors", "reader_sources"] as const) {
      const rows = JSON.stringify(await direct.db.selectFrom(table).selectAll().execute());
      expect(rows).not.toMatch(/198\.51\.100|Chrome|Safari/);
    }
    const res = await fetch(`${server.url}/api/admin/stats/readers?days=1`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const report = (await res.json()) as { views: number; pages: { path: string; views: number }[] };
    expect(report.views).toBeGreaterThanOrEqual(9);
    expect(report.pages.find((p) => p.path === "/recap")).toEqual({ path: "/recap", views: 4, visitors: 3 });
  });
});
