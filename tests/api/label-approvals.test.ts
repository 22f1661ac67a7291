// Issue 41: the label approvals over HTTP on a real server and both engines: nothing before an
// import, then a recorded sample's approvals on the API, the feed, the page and Ask Eddy, current
// at once. The rows are made up (tests/support/cola-files.ts); the brands are the Top Players' own.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import type { LabelPage } from "#common/records/label-approval.ts";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { askEddy } from "../support/ask-eddy.ts";
import { colaCsv, daysBefore, type SampleApproval } from "../support/cola-files.ts";
import { testNow } from "../support/clock.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { checkRssFeed, fetchXml } from "../support/feed-checks.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const SAZERAC = COMPANIES.find((c) => c.name === "Sazerac Company")!.id;
const CAMPARI = COMPANIES.find((c) => c.name === "Campari America")!.id;

/** Sazerac: a brand first approved long ago, a new product and a renewal lately; Campari: one long ago; one unjoined. */
function sample(now: Date): SampleApproval[] {
  const ago = (days: number) => daysBefore(now, days);
  return [
    { ttbId: "23100001000001", permit: "DSP-KY-9", day: ago(400), fanciful: "", brand: "BUFFALO TRACE" },
    {
      ttbId: "26100001000002",
      permit: "DSP-KY-9",
      day: ago(20),
      fanciful: "KOSHER, WHEAT RECIPE",
      brand: "BUFFALO TRACE",
    },
    { ttbId: "26100001000003", permit: "DSP-KY-9", day: ago(10), fanciful: "", brand: "BUFFALO TRACE" },
    {
      ttbId: "26100001000004",
      permit: "KY-I-77",
      day: ago(5),
      fanciful: "CINNAMON",
      brand: "FIREBALL",
      classType: ["641", "CINNAMON FLAVORED WHISKY"],
    },
    {
      ttbId: "23100001000005",
      permit: "NY-I-5",
      day: ago(300),
      fanciful: "REPOSADO",
      brand: "ESPOLON",
      classType: ["943", "TEQUILA FB"],
    },
    { ttbId: "26100001000006", permit: "DSP-OR-77", day: ago(3), fanciful: "", brand: "SAMPLE CRAFT" },
  ];
}

describe.each(ENGINES)("label approvals over HTTP on %s", (engine) => {
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
  const labels = async (query: string) => (await (await get(`/api/data/labels${query}`)).json()) as LabelPage;
  const ask = (message: string, uuid?: string) => askEddy(server.url, message, uuid);

  it("says there is nothing before an import, on the API, the page and the feed", async () => {
    expect(await labels("")).toMatchObject({ items: [], total: 0, latest: null });
    const page = await get("/data/labels");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("No label approvals yet.");
    const feed = await checkRssFeed(await fetchXml(`${server.url}/feeds/labels.xml`), "labels feed");
    expect(feed.items).toEqual([]);
    // Before the registry is imported, the question goes to the hub's content as before.
    expect(await ask("What has Sazerac filed lately?")).not.toContain("label approvals, last 90 days");
  });

  it("serves an import's approvals at once, filtered, as JSON, RSS and the page; refuses a bad filter", async () => {
    const imported = await fetch(`${server.url}/api/admin/data/import/ttb-cola?name=cola.csv`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "text/csv" },
      body: colaCsv(sample(testNow())),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ rowsKept: 6, periodsAdded: 6, periodsReplaced: 0 });

    const all = await labels("");
    expect(all.total).toBe(6);
    // Newest first.
    expect(all.items.map((a) => a.ttbId)).toEqual([
      "26100001000006",
      "26100001000004",
      "26100001000003",
      "26100001000002",
      "23100001000005",
      "23100001000001",
    ]);
    const sazerac = await labels(`?company=${SAZERAC}`);
    expect(sazerac.items.map((a) => [a.ttbId, a.approvalClass, a.company?.name])).toEqual([
      ["26100001000004", "new-brand", "Sazerac Company"],
      ["26100001000003", "renewal", "Sazerac Company"],
      ["26100001000002", "new-product", "Sazerac Company"],
      ["23100001000001", "new-brand", "Sazerac Company"],
    ]);
    expect((await labels(`?company=${SAZERAC}&days=90`)).total).toBe(3);
    expect((await labels("?class=new-brand")).items.map((a) => a.ttbId)).toEqual([
      "26100001000006",
      "26100001000004",
      "23100001000005",
      "23100001000001",
    ]);
    expect((await labels("?type=943")).items.map((a) => a.company?.id)).toEqual([CAMPARI]);

    const bad = await get("/api/data/labels?class=launch");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^class: /);
    expect((await get("/api/data/labels?company=abc")).status).toBe(400);

    const feed = await checkRssFeed(
      await fetchXml(`${server.url}/feeds/labels.xml?company=${SAZERAC}&class=new-product`),
      "labels feed",
    );
    expect(feed.title).toBe("Proofline: label approvals, Sazerac Company, new products");
    expect(feed.items.map((i) => [i.title, i.link])).toEqual([
      [
        "New product: BUFFALO TRACE: KOSHER, WHEAT RECIPE (Sazerac Company)",
        "https://ttbonline.gov/colasonline/viewColaDetails.do?action=publicDisplaySearchBasic&ttbid=26100001000002",
      ],
    ]);
    expect((await get("/feeds/labels.xml?company=999")).status).toBe(404);

    const page = await (await get(`/data/labels?company=${SAZERAC}&class=renewal`)).text();
    expect(page).toContain("One approval");
    expect(page).toContain('data-ttb-id="26100001000003"');
    expect(page).not.toContain('data-ttb-id="26100001000002"');
    expect(page).toContain(`href="/feeds/labels.xml?company=${SAZERAC}&amp;class=renewal"`);
  });

  it("answers “what has Sazerac filed lately?” from the approvals, and says so when a company has none lately", async () => {
    const answer = await ask("What has Sazerac filed lately?");
    expect(answer).toContain("**Sazerac Company: label approvals, last 90 days**");
    expect(answer).toContain(
      "3 labels approved for Sazerac Company's brands in the last 90 days: 1 new brand, 1 new product and 1 renewal.",
    );
    expect(answer).toContain("**New product**: BUFFALO TRACE: KOSHER, WHEAT RECIPE (straight bourbon whisky)");
    expect(answer).toContain(
      "[TTB ID 26100001000004](https://ttbonline.gov/colasonline/viewColaDetails.do?action=publicDisplaySearchBasic&ttbid=26100001000004)",
    );
    expect(answer).toContain(`(/data/labels?company=${SAZERAC})`);
    expect(answer).toContain("An approval is not a launch");

    const campari = await ask("Any new label approvals for Campari?");
    expect(campari).toContain("No label was approved for Campari America's brands in the last 90 days");
    expect(campari).toContain("**New brand**: ESPOLON: REPOSADO (tequila fb)");

    // A follow-up that names another company asks the same of it.
    const conversation = randomUUID();
    await ask("What has Sazerac filed lately?", conversation);
    expect(await ask("and Campari?", conversation)).toContain("**Campari America: label approvals**");

    const none = await ask("Has Diageo filed any new labels?");
    expect(none).toContain("include none joined to Diageo North America");
  });
});
