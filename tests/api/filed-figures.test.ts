// Issue 41: the listed Top Players' filed figures over HTTP on a real server and both engines:
// nothing before an import, then a recorded companyfacts sample (made-up figures,
// tests/support/sec-files.ts) on the API and the profile's page at once, the same bytes again, a
// submissions file, and refusals that name their path and keep nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyFilings } from "#common/records/filed-figures.ts";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { askEddy } from "../support/ask-eddy.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { BF_ID, companyFacts, FILINGS, submissions } from "../support/sec-files.ts";
import { startServer, type RunningServer } from "../support/server.ts";

describe.each(ENGINES)("filed figures over HTTP on %s", (engine) => {
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
  /** A page's HTML as text, without the markers React puts between a text's pieces. */
  const html = async (path: string) => (await (await get(path)).text()).replaceAll("<!-- -->", "");
  const filings = async (id: number) => (await (await get(`/api/data/filings?company=${id}`)).json()) as CompanyFilings;
  const send = (body: string, name: string) =>
    fetch(`${server.url}/api/admin/data/import/sec-companyfacts?name=${name}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "application/json" },
      body,
    });

  it("says there is nothing before an import, and refuses a company that does not file or is none", async () => {
    expect(await filings(BF_ID)).toMatchObject({
      companyId: BF_ID,
      filer: { cik: 14693, annualForm: "10-K" },
      importedAt: null,
      periods: [],
    });
    // Diageo North America's filings are its parent's.
    expect((await filings(4)).filer).toEqual({ cik: 835403, annualForm: "20-F", of: "Diageo plc" });
    const page = await html(`/explorer?company=${BF_ID}`);
    expect(page).toContain("No filings of Brown-Forman have been imported yet.");
    // Before any filing is imported, the profile answers as before.
    expect(await askEddy(server.url, "What were Brown-Forman's net sales last year?")).not.toContain(
      "figures as filed with the SEC",
    );

    const none = await get("/api/data/filings?company=1");
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      error: "Anheuser-Busch does not file with the SEC in the hub's company data.",
    });
    const bad = await get("/api/data/filings?company=abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "company must be a Top Player's id (1-50)" });
    expect((await get("/api/data/filings?company=51")).status).toBe(400);
  });

  it("serves an import's figures at once, with their concept and filing, on the API and the profile", async () => {
    const imported = await send(companyFacts(), "CIK0000014693.json");
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ rowsKept: 14, rowsRefused: 1, periodsAdded: 14, unchanged: false });

    const got = await filings(BF_ID);
    expect(got.importedAt).not.toBeNull();
    expect(got.periods.map((p) => `${p.kind} ${p.end}`)).toEqual([
      "quarter 2026-07-31",
      "year 2026-04-30",
      "year 2025-04-30",
      "year 2024-04-30",
    ]);
    expect(got.periods[1]!.figures.find((f) => f.measure === "net-sales")).toMatchObject({
      value: 3_975_000_000,
      concept: "RevenueFromContractWithCustomerExcludingAssessedTax",
      filing: {
        form: "10-K/A",
        amended: true,
        url: "https://www.sec.gov/Archives/edgar/data/14693/000001469326000071/",
      },
    });

    const page = await html(`/explorer?company=${BF_ID}`);
    expect(page).toContain("Year to Apr 30, 2026");
    expect(page).toContain("$3,975 million");
    expect(page).toContain('href="https://www.sec.gov/Archives/edgar/data/14693/000001469326000071/"');
    expect(page).toContain("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax");

    // Ask Eddy answers from the filings, and carries the question to the next company.
    const uuid = crypto.randomUUID();
    const answer = await askEddy(server.url, "What were Brown-Forman's net sales last year?", uuid);
    expect(answer).toContain("Brown-Forman reported net sales of $3,975 million for the fiscal year to Apr 30, 2026");
    expect(answer).toContain(
      "[10-K/A filed 2026-08-20](https://www.sec.gov/Archives/edgar/data/14693/000001469326000071/) (amended)",
    );
    expect(answer).toContain("(us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax)");
    expect(answer).toContain("(/explorer?company=8)");
    // Constellation has no filing imported here: its profile answers.
    expect(await askEddy(server.url, "and Constellation?", uuid)).not.toContain("figures as filed with the SEC");

    const again = await send(companyFacts(), "again.json");
    expect(await again.json()).toMatchObject({ unchanged: true, periodsAdded: 0 });
    const subs = await send(submissions(), "submissions.json");
    expect(await subs.json()).toMatchObject({ rowsRead: 6, rowsKept: 4, periodsAdded: 0, periodsReplaced: 4 });
    expect((await filings(BF_ID)).periods[0]!.figures[0]!.filing.accession).toBe(FILINGS.q2027.accn);
  });

  it("refuses a malformed file with its path (422) and an unknown filer, keeping nothing", async () => {
    const before = await filings(BF_ID);
    const broken = companyFacts().replace('"end":"2026-04-30"', '"end":"30/04/2026"');
    const refused = await send(broken, "broken.json");
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^facts\.us-gaap\.[A-Za-z]+\.units\.USD\[\d+\]\.end: expected a date \(YYYY-MM-DD\); nothing was imported\.$/,
    );
    const stranger = await send(companyFacts({ cik: 320193 }), "stranger.json");
    expect(stranger.status).toBe(422);
    expect(((await stranger.json()) as { error: string }).error).toContain("is not the CIK of a listed Top Player");
    expect(await filings(BF_ID)).toEqual(before);
  });
});
