// Company coverage against a real database on both engines: the queries, the
// paging and the API route with its content-versioned cache, in process (the
// server-level tests are tests/api/company-coverage.test.ts).
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { ContentVersionReader, readContentVersion } from "../data/content-version.ts";
import { PageCache } from "../http/page-cache.ts";
import { uncachedRenderLimit } from "../http/uncached-renders.ts";
import { HttpError } from "../http/errors.ts";
import { companiesApi } from "../http/api/companies.ts";
import { toVtt } from "#common/podcast/transcript-format.ts";
import type { CompanyCoverage } from "#common/search/company-coverage.ts";
import { companyCoverage, coverageCounts, quarterCoverage } from "./company-coverage.server.ts";

const idOf = (name: string) => COMPANIES.find((c) => c.name === name)!.id;
const DIAGEO = idOf("Diageo North America");
const GALLO = idOf("Gallo");
const SGWS = idOf("Southern Glazer's Wine & Spirits");
const BROWN_FORMAN = idOf("Brown-Forman");

const RECAPS = [
  { date: "2026-01-10", headline: "Diageo trims its portfolio", content: "A quiet week otherwise." },
  { date: "2026-02-01", headline: "Holiday resets", content: "**Crown Royal** gift packs led the resets in Texas." },
  { date: "2026-02-20", headline: "Distributor moves", content: "SGWS adds a new route in Florida." },
  { date: "2026-03-02", headline: "Wine by the gallon", content: "Gallon jugs and Gallos of all kinds sold well." },
  {
    date: "2026-03-03",
    headline: "Whiskey notes",
    content: "Jack Daniel’s raised prices.",
    snippets: "Brown forman says…",
  },
  { date: "2025-12-30", headline: "Year end", content: "Nothing named here.", tags: '["Diageo"]' },
];

describe.each(ENGINES)("company coverage on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  let url: string;
  let close: () => void;
  const episodeIds: number[] = [];

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    await database.db.insertInto("weekly_summaries").values(RECAPS).execute();
    const episode = (date: string, title: string, transcript: string, guid: string) => ({
      date,
      title,
      description: "An episode.",
      weekly_daily: "daily" as const,
      guid,
      transcript,
    });
    for (const row of [
      episode(
        "2026-02-10",
        "Timed",
        toVtt([
          { start: 0, end: 5, text: "Welcome to the show." },
          { start: 12.5, end: 18, text: "Crown Royal leads the holiday." },
          { start: 30, end: 35, text: "And Diageo again, with Smirnoff." },
        ]),
        "g-1",
      ),
      episode("2026-01-05", "Plain", "We talk about Diageo today, and nothing else.", "g-2"),
    ]) {
      const { id } = await database.db
        .insertInto("podcast_episodes")
        .values(row)
        .returning("id")
        .executeTakeFirstOrThrow();
      episodeIds.push(id);
    }
    // The route, served as the app serves it: cached under the content version.
    const cached = {
      versions: new ContentVersionReader(() => readContentVersion(database.db)),
      cache: new PageCache(8 * 1024 * 1024),
      uncached: uncachedRenderLimit({ UNCACHED_RATE_PER_MINUTE: 1_000_000 }),
    };
    const app = express();
    app.use("/api", companiesApi(database, cached));
    app.use(((err, _req, res, _next) => {
      res.status(err instanceof HttpError ? err.status : 500).json({ error: String((err as Error).message) });
    }) as ErrorRequestHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close?.();
    await database?.close();
    await testDb?.drop();
  });

  const coverage = async (id: number, limit = 10) => (await companyCoverage(database.db, COMPANIES, id, { limit }))!;

  it("lists the recaps naming a company by name, brand or tag, newest first, with the term and a snippet", async () => {
    const diageo = await coverage(DIAGEO);
    expect(diageo.recaps.map((r) => [r.headline, r.term])).toEqual([
      ["Holiday resets", "Crown Royal"],
      ["Diageo trims its portfolio", "Diageo"],
      ["Year end", "Diageo"],
    ]);
    const holiday = diageo.recaps[0]!;
    expect(holiday.url).toBe(`/recap/${holiday.id}`);
    // The snippet is the reader's text (no markdown), with the name marked.
    expect(holiday.snippet.text).toBe("Crown Royal gift packs led the resets in Texas.");
    expect(holiday.snippet.text.slice(...holiday.snippet.marks[0]!)).toBe("Crown Royal");
    expect(diageo.totals).toEqual({ recaps: 3, episodes: 2 });
  });

  it("finds other names and curly apostrophes, never a name inside a longer word", async () => {
    expect((await coverage(SGWS)).recaps.map((r) => r.term)).toEqual(["SGWS"]);
    const brownForman = await coverage(BROWN_FORMAN);
    expect(brownForman.recaps.map((r) => r.headline)).toEqual(["Whiskey notes"]);
    expect(["Jack Daniel's", "Brown-Forman"]).toContain(brownForman.recaps[0]!.term);
    // "Gallon" and "Gallos" hold "Gallo" but are other words.
    expect((await coverage(GALLO)).totals).toEqual({ recaps: 0, episodes: 0 });
  });

  it("gives one moment per cue, linked to its second; an untimed transcript links to the episode", async () => {
    const { moments } = await coverage(DIAGEO);
    const [timed, plain] = episodeIds;
    expect(moments.map((m) => [m.episode_id, m.seconds, m.url, m.term])).toEqual([
      [timed, 12, `/podcast?episode=${timed}#episode-${timed}&t=12`, "Crown Royal"],
      [timed, 30, `/podcast?episode=${timed}#episode-${timed}&t=30`, "Diageo"],
      [plain, null, `/podcast?episode=${plain}#episode-${plain}`, "Diageo"],
    ]);
    expect(moments[0]!.snippet.text).toBe("Crown Royal leads the holiday.");
    expect(moments[0]).toMatchObject({ title: "Timed", date: "2026-02-10", series: "daily" });
  });

  it("pages both lists with its cursor, without skipping or repeating", async () => {
    const recaps: number[] = [];
    const moments: string[] = [];
    let page = await companyCoverage(database.db, COMPANIES, DIAGEO, { limit: 1 });
    for (let guard = 0; page && guard < 10; guard++) {
      recaps.push(...page.recaps.map((r) => r.id));
      moments.push(...page.moments.map((m) => `${m.episode_id}@${m.seconds}`));
      if (!page.next_cursor) break;
      const res = await fetch(`${url}/api/companies/${DIAGEO}/coverage?limit=1&cursor=${page.next_cursor}`);
      expect(res.status).toBe(200);
      page = (await res.json()) as CompanyCoverage;
    }
    expect(recaps).toEqual((await coverage(DIAGEO)).recaps.map((r) => r.id));
    expect(moments).toEqual((await coverage(DIAGEO)).moments.map((m) => `${m.episode_id}@${m.seconds}`));
  });

  it("counts the recaps and episodes of a date range that name each company", async () => {
    const counts = await coverageCounts(database.db, COMPANIES, { from: "2026-01-01", to: "2026-03-31" });
    expect(counts.get(DIAGEO)).toBe(4); // two recaps and two episodes; the 2025 recap is outside
    expect(counts.get(SGWS)).toBe(1);
    expect(counts.get(GALLO)).toBeUndefined();
    const q1 = { [DIAGEO]: 4, [SGWS]: 1, [BROWN_FORMAN]: 1 };
    expect(await quarterCoverage(database.db, COMPANIES, "2026-02-15")).toEqual({
      quarter: "Q1 2026",
      current: true,
      counts: q1,
    });
    // A quarter with no coverage yet counts the latest quarter that has some, and names it.
    expect(await quarterCoverage(database.db, COMPANIES, "2026-04-01")).toEqual({
      quarter: "Q1 2026",
      current: false,
      counts: q1,
    });
    expect(await quarterCoverage(database.db, COMPANIES, "2027-11-27")).toMatchObject({ quarter: "Q1 2026" });
    // Before any coverage at all: this quarter, empty.
    expect(await quarterCoverage(database.db, COMPANIES, "2025-07-01")).toEqual({
      quarter: "Q3 2025",
      current: true,
      counts: {},
    });
  });

  it("serves the API from the cache and is current after a change; refuses unknown companies and bad input", async () => {
    const get = async (path: string) => {
      const res = await fetch(`${url}${path}`);
      return { status: res.status, cache: res.headers.get("x-page-cache"), body: (await res.json()) as never };
    };
    const first = await get(`/api/companies/${GALLO}/coverage`);
    expect(first).toMatchObject({ status: 200, cache: "miss", body: { company_id: GALLO, recaps: [] } });
    expect((await get(`/api/companies/${GALLO}/coverage`)).cache).toBe("hit");
    await database.db
      .insertInto("weekly_summaries")
      .values({ date: "2026-03-10", headline: "E&J Gallo buys a vineyard", content: "Apothic grows." })
      .execute();
    const after = await get(`/api/companies/${GALLO}/coverage`);
    expect(after.cache).toBe("miss");
    expect((after.body as CompanyCoverage).recaps.map((r) => r.headline)).toEqual(["E&J Gallo buys a vineyard"]);

    for (const id of ["999", "0", "abc", "1.5"])
      expect(await get(`/api/companies/${id}/coverage`)).toMatchObject({
        status: 404,
        body: { error: "Company not found" },
      });
    for (const query of ["limit=0", "limit=51", "limit=two", "limit=1.5"])
      expect(await get(`/api/companies/${GALLO}/coverage?${query}`)).toMatchObject({
        status: 400,
        body: { error: "limit must be a whole number from 1 to 50" },
      });
    for (const cursor of ["nope", Buffer.from('{"r":null,"m":null}').toString("base64url"), "x".repeat(300)])
      expect(await get(`/api/companies/${GALLO}/coverage?cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { error: "cursor is not one this server gave out" },
      });
  });
});
