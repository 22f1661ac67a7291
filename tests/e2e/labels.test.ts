// Issue 41: the label approvals as readers meet them: /data/labels with its filter form pressed by
// its own button on a phone, with and without JavaScript, in a browser outside UTC; its feed; a
// profile's approvals of the last 90 days, in the server's HTML and loaded into a profile opened in
// the page. The approvals are recorded samples (made-up rows under the Top Players' real brands).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import {
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  openHydrated,
  openPage,
  PHONE_390,
} from "../support/browser.ts";
import { daysFromToday } from "../support/clock.ts";
import { colaCsv } from "../support/cola-files.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

const SAZERAC = COMPANIES.find((c) => c.name === "Sazerac Company")!;
const REGISTRY = "https://ttbonline.gov/colasonline/viewColaDetails.do?action=publicDisplaySearchBasic&ttbid=";
const LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const shown = (day: string) => LONG.format(new Date(`${day}T00:00:00Z`));
const recent = daysFromToday(-12);

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, ADMIN_TOKEN: ADMIN_TOKEN_FOR_TESTS }),
  ]);
  const imported = await fetch(`${server.url}/api/admin/data/import/ttb-cola?name=cola.csv`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "text/csv" },
    body: colaCsv([
      { ttbId: "23100001000301", permit: "DSP-KY-9", day: daysFromToday(-400), fanciful: "", brand: "BUFFALO TRACE" },
      { ttbId: "26100001000302", permit: "DSP-KY-9", day: recent, fanciful: "KOSHER WHEAT", brand: "BUFFALO TRACE" },
      { ttbId: "26100001000303", permit: "NY-I-5", day: daysFromToday(-8), fanciful: "", brand: "ESPOLON" },
      { ttbId: "26100001000304", permit: "DSP-OR-77", day: daysFromToday(-2), fanciful: "", brand: "SAMPLE CRAFT" },
    ]),
  });
  expect(imported.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

describe("/data/labels", () => {
  it("lists every approval on a fresh load, filters by the form's own button on a phone, and offers the feed", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, {
      touch: true,
      timezoneId: "Pacific/Honolulu",
    });
    const res = await page.goto("/data/labels");
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Label approvals" }).waitFor();
    expect(await page.locator("[data-ttb-id]").count()).toBe(4);
    // The day the registry completed it, the same in any time zone.
    const item = page.locator('[data-ttb-id="26100001000302"]');
    await item.getByText(shown(recent)).waitFor();
    await item.getByText("BUFFALO TRACE: KOSHER WHEAT").waitFor();
    await item.getByText("New product").waitFor();
    expect(await item.getByRole("link", { name: "Sazerac Company" }).getAttribute("href")).toBe(
      `/explorer?company=${SAZERAC.id}`,
    );
    expect(await item.getByRole("link", { name: "TTB ID 26100001000302" }).getAttribute("href")).toBe(
      `${REGISTRY}26100001000302`,
    );
    await page.locator('[data-ttb-id="26100001000304"]').getByText("Not joined to a Top Player").waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("Company").selectOption(String(SAZERAC.id));
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("company") === String(SAZERAC.id)),
      page.getByRole("button", { name: "Show approvals" }).tap(),
    ]);
    await page.getByText("2 approvals match these filters.", { exact: false }).waitFor();
    expect(await page.locator("[data-ttb-id]").count()).toBe(2);
    expect(await page.getByRole("link", { name: "RSS feed of these approvals" }).getAttribute("href")).toBe(
      `/feeds/labels.xml?company=${SAZERAC.id}`,
    );

    await page.getByLabel("Class").selectOption("renewal");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("class") === "renewal"),
      page.getByRole("button", { name: "Show approvals" }).tap(),
    ]);
    await page.getByText("No approval matches these filters.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("works without JavaScript: the filter form, the list and the feed's link", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, {
      touch: true,
      javaScriptEnabled: false,
    });
    await page.goto("/data/labels");
    await page.getByLabel("Class").selectOption("new-brand");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("class") === "new-brand"),
      page.getByRole("button", { name: "Show approvals" }).tap(),
    ]);
    expect(
      await page.locator("[data-ttb-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-ttb-id"))),
    ).toEqual(["26100001000304", "26100001000303", "23100001000301"]);
    expect(await page.locator('link[rel="alternate"][title="Label approvals (RSS)"]').getAttribute("href")).toBe(
      "/feeds/labels.xml?class=new-brand",
    );
    const feed = await fetch(`${server.url}/feeds/labels.xml?class=new-brand`);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(await feed.text()).toContain("<title>New brand: ESPOLON (Campari America)</title>");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a profile's label approvals", () => {
  const SECTION = "Label approvals, last 90 days";

  it("are in the server's HTML for the profile's address, and work without JavaScript", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, { javaScriptEnabled: false });
    await page.goto(`/explorer?company=${SAZERAC.id}`);
    const section = page.getByRole("dialog").getByRole("region", { name: SECTION });
    await section.getByText("One label approved in TTB’s registry.").waitFor();
    expect(await section.locator("[data-ttb-id]").count()).toBe(1);
    expect(await section.getByRole("link", { name: "TTB ID 26100001000302" }).getAttribute("href")).toBe(
      `${REGISTRY}26100001000302`,
    );
    expect(await section.getByRole("link", { name: `Every approval of ${SAZERAC.name}` }).getAttribute("href")).toBe(
      `/data/labels?company=${SAZERAC.id}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("load into a profile opened in the page, and say so for a company with none lately", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/explorer");
    const table = page.getByRole("table", { name: "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)", exact: true });
    await table
      .getByRole("row", { name: new RegExp(SAZERAC.name) })
      .getByRole("button", { name: "View Profile" })
      .click();
    const section = page.getByRole("dialog").getByRole("region", { name: SECTION });
    await section.getByText("BUFFALO TRACE: KOSHER WHEAT").waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    const gallo = COMPANIES.find((c) => c.name === "Gallo")!;
    await table
      .getByRole("row", { name: new RegExp(gallo.name) })
      .getByRole("button", { name: "View Profile" })
      .click();
    await page
      .getByRole("dialog")
      .getByRole("region", { name: SECTION })
      .getByText("No label approved for Gallo in the last 90 days.")
      .waitFor();
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});

describe("/data/labels with more than a page", () => {
  it("pages by its own links on a phone, and reads a page past the end as the last one", async () => {
    // 55 more approvals under a permit no Top Player holds: 59 in all, two pages of 50.
    const more = Array.from({ length: 55 }, (_, i) => ({
      ttbId: `2510000100${String(1000 + i)}`,
      permit: "DSP-CA-4242",
      day: daysFromToday(-(200 + i)),
      fanciful: `BATCH ${i + 1}`,
      brand: "SAMPLE ORCHARD",
    }));
    const imported = await fetch(`${server.url}/api/admin/data/import/ttb-cola?name=more.csv`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "text/csv" },
      body: colaCsv(more),
    });
    expect(imported.status).toBe(200);

    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, { touch: true });
    await page.goto("/data/labels");
    await hydrated(page);
    expect(await page.locator("[data-ttb-id]").count()).toBe(50);
    const pages = page.getByRole("navigation", { name: "Label approval pages" });
    await pages.getByText("Page 1 of 2").waitFor();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("page") === "2"),
      pages.getByRole("link", { name: "Next" }).tap(),
    ]);
    await pages.getByText("Page 2 of 2").waitFor();
    expect(await page.locator("[data-ttb-id]").count()).toBe(9);
    await page.getByText("59 approvals. Latest approval held:", { exact: false }).waitFor();

    // An old link past the end lands on the last page, never on "No approval matches these filters."
    await page.goto("/data/labels?page=9");
    await pages.getByText("Page 2 of 2").waitFor();
    expect(await page.locator("[data-ttb-id]").count()).toBe(9);
    expect(await page.getByText("No approval matches these filters.").count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/data\/labels\?page=2$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
