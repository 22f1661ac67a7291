// A company's coverage (issue 26, docs/company-coverage.md) through the production
// server on both engines: what counts as a mention, the order, the moments' seconds,
// a publish showing at once, the refusals, and the quarter's counts on the Explorer.
import { beforeAll, describe, expect, it } from "vitest";
import { toVtt } from "#common/podcast/transcript-format.ts";
import type { CompanyCoverage } from "#common/search/company-coverage.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { ENGINES } from "../support/databases.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";
import { testToday } from "../support/clock.ts";

const TOKEN = "test-admin-token-0123456789";
const idOf = (name: string) => COMPANIES.find((c) => c.name === name)!.id;
const CAMPARI = idOf("Campari America");
const HEAVEN_HILL = idOf("Heaven Hill Brands");
const GALLO = idOf("Gallo");
const MGP = idOf("MGP Ingredients");
const today = testToday();

describe.each(ENGINES)("company coverage API on %s", (engine) => {
  const handle = serverWithDirectAccess(engine, { ADMIN_TOKEN: TOKEN });
  let episodeId = 0;

  beforeAll(async () => {
    await handle.direct.db
      .insertInto("weekly_summaries")
      .values([
        // By name, by key brand, and one naming the company only inside other words.
        { date: "2026-10-05", headline: "Campari America reshuffles", content: "Sales leads moved." },
        { date: "2026-10-12", headline: "Aperol spritz season ends", content: "A slower autumn." },
        {
          date: "2026-10-19",
          headline: "Camparis and Campariland",
          content: "Not a name: a word inside another word.",
        },
        // Heaven Hill, four times today: the most covered company this quarter, whatever the demo content holds.
        { date: today, headline: "Evan Williams adds a proof", content: "Heaven Hill says more to come." },
        { date: today, headline: "Elijah Craig allocations", content: "Stores ask for more." },
        { date: today, headline: "Widow Jane opens a tasting room", content: "In Brooklyn." },
        { date: today, headline: "Deep Eddy goes national", content: "Vodka news." },
      ])
      .execute();
    const { id } = await handle.direct.db
      .insertInto("podcast_episodes")
      .values({
        date: "2026-10-20",
        title: "Coverage test episode",
        description: "Made for the coverage test.",
        weekly_daily: "daily",
        guid: "coverage-test-episode",
        transcript: toVtt([
          { start: 0, end: 4, text: "Welcome." },
          { start: 42.6, end: 47, text: "Wild Turkey is where Campari America grows." },
        ]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    episodeId = id;
  });

  const get = async (path: string) => {
    const res = await fetch(`${handle.server.url}${path}`);
    return { status: res.status, body: (await res.json()) as CompanyCoverage & { error?: string } };
  };
  const coverage = async (id: number, query = "") => {
    const { status, body } = await get(`/api/companies/${id}/coverage${query}`);
    expect(status, body.error).toBe(200);
    return body;
  };

  it("lists recaps naming the company by name, alias or key brand, newest first; a word inside a word does not count", async () => {
    const campari = await coverage(CAMPARI);
    expect(campari.recaps.map((r) => [r.headline, r.term])).toEqual([
      ["Aperol spritz season ends", "Aperol"],
      ["Campari America reshuffles", "Campari"],
    ]);
    expect(campari.recaps[0]!.url).toBe(`/recap/${campari.recaps[0]!.id}`);
    expect(campari.totals).toEqual({ recaps: 2, episodes: 1 });
    // An alias: the names the trade uses ("SGWS", "RNDC") name the company too.
    const rndc = await coverage(idOf("Republic National Distributing Company"));
    expect(rndc.recaps.map((r) => r.term)).toContain("Republic National");
  });

  it("links a moment to the second its cue starts", async () => {
    const [moment] = (await coverage(CAMPARI)).moments;
    expect(moment).toMatchObject({
      episode_id: episodeId,
      seconds: 42,
      url: `/podcast?episode=${episodeId}#episode-${episodeId}&t=42`,
      title: "Coverage test episode",
      term: "Wild Turkey",
    });
    expect(moment!.snippet.text).toBe("Wild Turkey is where Campari America grows.");
  });

  it("shows a recap published through the admin API at once", async () => {
    expect((await coverage(MGP)).totals.recaps).toBe(0);
    const res = await fetch(`${handle.server.url}/api/admin/recaps`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: today,
        headline: "Everclear and the grain neutral spirit market",
        content: "MGP Ingredients reports strong demand.",
        tags: ["Spirits"],
        external_key: "coverage-test-publish",
      }),
    });
    expect(res.status).toBe(201);
    const after = await coverage(MGP);
    expect(after.recaps.map((r) => r.headline)).toEqual(["Everclear and the grain neutral spirit market"]);
    expect(after.totals.recaps).toBe(1);
  });

  it("pages with next_cursor without repeating", async () => {
    const first = await coverage(CAMPARI, "?limit=1");
    expect(first.recaps).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await coverage(CAMPARI, `?limit=1&cursor=${first.next_cursor}`);
    expect(second.recaps.map((r) => r.id)).not.toContain(first.recaps[0]!.id);
    expect(second.recaps).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });

  it("answers unknown companies with 404 and bad paging with 400", async () => {
    for (const id of ["999", "0", "nope"])
      expect(await get(`/api/companies/${id}/coverage`)).toMatchObject({
        status: 404,
        body: { error: "Company not found" },
      });
    for (const limit of ["0", "51", "ten"])
      expect(await get(`/api/companies/${CAMPARI}/coverage?limit=${limit}`)).toMatchObject({
        status: 400,
        body: { error: "limit must be a whole number from 1 to 50" },
      });
    expect(await get(`/api/companies/${CAMPARI}/coverage?cursor=nope`)).toMatchObject({
      status: 400,
      body: { error: "cursor is not one this server gave out" },
    });
  });

  it("renders this quarter's counts on the Explorer, sorted by them with ?sort=coverage, and a profile's coverage", async () => {
    const html = await (await fetch(`${handle.server.url}/explorer?sort=coverage`)).text();
    expect(html).toContain('href="/explorer?sort=coverage"');
    expect(html).toContain('aria-sort="descending"');
    const firstName = (page: string) =>
      /<span class="font-semibold text-ink-950">([^<]+)<\/span>/.exec(page.slice(page.indexOf("<table")))?.[1];
    expect(firstName(html)).toBe("Heaven Hill Brands");
    // Without ?sort the tables keep their rank order.
    const ranked = await (await fetch(`${handle.server.url}/explorer`)).text();
    expect(firstName(ranked)).toBe(COMPANIES.find((c) => c.type === "manufacturer")!.name);

    // A profile rendered by the server carries its coverage, or says there is none.
    const profile = await (await fetch(`${handle.server.url}/explorer?company=${HEAVEN_HILL}`)).text();
    expect(profile).toContain("Coverage on the hub");
    expect(profile).toContain("Evan Williams adds a proof");
    const gallo = await (await fetch(`${handle.server.url}/explorer?company=${GALLO}`)).text();
    expect(gallo).toContain("The hub has not covered Gallo yet.");
  });
});
