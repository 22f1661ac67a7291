// GET /api/data… (issue 39) on a real server and both engines: nothing before an import, then
// the figures of a small file whose answers are known, as JSON, CSV and pages, current at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const HEADER = `"year","year_month","county","population","type","category","state_cost","state_revenue","bottles_sold","volume"`;
const line = (period: string, county: string, type: string, category: string, dollars: number, liters: number) =>
  `${period.slice(0, 4)},${period}-01,"${county}",1,"${type}","${category}",0,${dollars},1,${liters}`;
const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);

/** Two full years: tequila grows in Polk (1,000 → 1,500 a month) and Story (1,000 → 1,100); vodka falls (2,000 → 1,800). */
function file(): string {
  const lines = [HEADER];
  for (const [year, polk, story, vodka] of [
    [2018, 1000, 1000, 2000],
    [2019, 1500, 1100, 1800],
  ] as const)
    for (const m of months(year)) {
      lines.push(line(m, "polk", "tequila", "100% agave tequila", polk, polk / 10));
      lines.push(line(m, "story", "tequila", "mixto tequila", story, story / 10));
      lines.push(line(m, "polk", "vodka", "american vodka", vodka, vodka / 10));
    }
  return lines.join("\n") + "\n";
}

describe.each(ENGINES)("market data over HTTP on %s", (engine) => {
  let server: RunningServer;
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, ADMIN_TOKEN: ADMIN_TOKEN_FOR_TESTS, SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });
  const get = (path: string) => fetch(`${server.url}${path}`);

  it("says there is nothing before an import, on the API and the pages, and lists no data page", async () => {
    const api = await get("/api/data");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "No market figures have been imported yet." });
    const page = await get("/data");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("No market figures yet.");
    expect((await get("/api/data/tequila")).status).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/data");
  });

  it("serves an import's figures at once: JSON, CSV, pages and sitemap", async () => {
    const imported = await fetch(`${server.url}/api/admin/data/import/iowa-liquor-sales?name=known.csv`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "text/csv" },
      body: file(),
    });
    expect(imported.status).toBe(200);

    const overview = (await (await get("/api/data")).json()) as {
      year: number;
      asOf: string;
      page: string;
      source: { publisher: string };
      total: { dollars: number; previous: { dollars: number } };
      families: Array<{
        family: { slug: string };
        dollars: number;
        previous: { dollars: number };
        share: number;
        page: string;
      }>;
    };
    expect(overview).toMatchObject({ year: 2019, asOf: "2019-12", page: "/data" });
    expect(overview.source.publisher).toMatch(/State of Iowa/);
    expect(overview.total).toMatchObject({ dollars: (1500 + 1100 + 1800) * 12, previous: { dollars: 4000 * 12 } });
    expect(overview.families.map((f) => [f.family.slug, f.dollars, f.previous.dollars, f.page])).toEqual([
      ["tequila", 31_200, 24_000, "/data/tequila"],
      ["vodka", 21_600, 24_000, "/data/vodka"],
    ]);

    const tequila = (await (await get("/api/data/tequila")).json()) as {
      counties: Array<{ county: string; change: number }>;
      categories: Array<{ category: string; dollars: number }>;
      months: unknown[];
    };
    expect(tequila.counties.map((c) => [c.county, c.change])).toEqual([
      ["Polk", 0.5],
      ["Story", 0.1],
    ]);
    expect(tequila.categories.map((c) => [c.category, c.dollars])).toEqual([
      ["100% agave tequila", 18_000],
      ["mixto tequila", 13_200],
    ]);
    expect(tequila.months).toHaveLength(24);

    const counties = await get("/api/data/tequila.csv?table=counties");
    expect(counties.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // With a byte-order mark, so that a spreadsheet reads it as UTF-8.
    expect(Buffer.from(await counties.arrayBuffer()).toString("utf8")).toBe(
      "\uFEFFcounty,year,sales_usd,previous_sales_usd,change\r\nPolk,2019,18000,12000,0.5\r\nStory,2019,13200,12000,0.1\r\n",
    );
    // A negative change stays a number a spreadsheet can sum (not quoted against formulas).
    expect(await (await get("/api/data.csv")).text()).toContain("\r\n2019,vodka,21600,24000,-0.1,");

    // The pages asked before the import are current at once: the import bumped the content version.
    // React's server HTML marks where one text ends and the next begins (<!-- -->).
    const page = (await (await get("/data")).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Spirits in Iowa, 2019");
    expect(page).not.toContain("No market figures yet.");
    const family = (await (await get("/data/tequila")).text()).replaceAll("<!-- -->", "");
    expect(family).toContain("Counties that grew fastest, 2019");
    expect(family).toContain("Tequila: $31,200 in 2019, up 30.0% on 2018");
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("/data/tequila</loc>");
    expect(sitemap).toContain("/data/vodka</loc>");
  });

  it("answers a wrong family or table with a short message and the right status", async () => {
    for (const path of ["/api/data/absinthe", "/api/data/Tequila", "/api/data/gin", "/api/data/absinthe.csv"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "The hub holds no market figures for that family." });
    }
    const table = await get("/api/data/tequila.csv?table=brands");
    expect(table.status).toBe(400);
    expect(await table.json()).toEqual({ error: "table must be one of years, months, counties, categories" });
    expect((await get("/data/gin")).status).toBe(404);
  });
});
