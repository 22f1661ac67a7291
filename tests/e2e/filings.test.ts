// Issue 41: a listed Top Player's filed figures as readers meet them: in the server's HTML for the
// profile's address without JavaScript, and loaded into a profile opened in the page on a phone in
// a browser outside UTC, each figure linked to its filing on EDGAR. The figures are a recorded
// sample (made-up values in EDGAR's documented format, tests/support/sec-files.ts).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { expectNoAxeViolations, hydrated, launchBrowser, openPage, PHONE_390 } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { BF_ID, companyFacts } from "../support/sec-files.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

const BROWN_FORMAN = COMPANIES.find((c) => c.id === BF_ID)!;
const SECTION = "Filed with the SEC";
const AMENDED = "https://www.sec.gov/Archives/edgar/data/14693/000001469326000071/";

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, ADMIN_TOKEN: ADMIN_TOKEN_FOR_TESTS }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

async function importSample() {
  const imported = await fetch(`${server.url}/api/admin/data/import/sec-companyfacts?name=CIK0000014693.json`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "application/json" },
    body: companyFacts(),
  });
  expect(imported.status).toBe(200);
}

describe("a profile's filed figures", () => {
  it("say none were imported on a fresh load, then show each figure with its filing, without JavaScript", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, { javaScriptEnabled: false });
    await page.goto(`/explorer?company=${BF_ID}`);
    const section = page.getByRole("dialog").getByRole("region", { name: SECTION });
    await section.getByText(`No filings of ${BROWN_FORMAN.name} have been imported yet.`).waitFor();

    await importSample();
    await page.goto(`/explorer?company=${BF_ID}`);
    await section.getByText("Year to Apr 30, 2026").waitFor();
    expect(await section.getByRole("heading", { level: 4 }).allInnerTexts()).toEqual([
      "Quarter to Jul 31, 2026",
      "Year to Apr 30, 2026",
      "Year to Apr 30, 2025",
      "Year to Apr 30, 2024",
    ]);
    const amended = section.getByRole("link", { name: "10-K/A filed 2026-08-20" });
    expect(await amended.getAttribute("href")).toBe(AMENDED);
    await section.getByText("$3,975 million").waitFor();
    await section.getByText("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("load into a profile opened in the page on a phone, and are not shown for a company that does not file", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, {
      touch: true,
      timezoneId: "Pacific/Honolulu",
    });
    await page.goto("/explorer");
    await hydrated(page);
    const table = page.getByRole("table", { name: "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)", exact: true });
    await table
      .getByRole("row", { name: new RegExp(BROWN_FORMAN.name) })
      .getByRole("button", { name: "View Profile" })
      .tap();
    const section = page.getByRole("dialog").getByRole("region", { name: SECTION });
    // Period ends are days, not instants: the same in Honolulu as in UTC.
    await section.getByText("Year to Apr 30, 2026").waitFor();
    expect(await section.getByRole("link", { name: "10-K/A filed 2026-08-20" }).getAttribute("href")).toBe(AMENDED);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    const ab = COMPANIES.find((c) => c.id === 1)!;
    expect(ab.secFiler).toBeUndefined();
    await table
      .getByRole("row", { name: new RegExp(ab.name) })
      .getByRole("button", { name: "View Profile" })
      .tap();
    await page.getByRole("dialog").getByRole("heading", { name: ab.name }).first().waitFor();
    expect(await page.getByRole("dialog").getByRole("region", { name: SECTION }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("say so when the figures cannot be loaded into a profile opened in the page", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, { touch: true });
    // The API failing as a broken server would: the profile says so, and the rest of it stands.
    await page.route("**/api/data/filings?**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Something went wrong."}' }),
    );
    await page.goto("/explorer");
    await hydrated(page);
    await page
      .getByRole("table", { name: "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)", exact: true })
      .getByRole("row", { name: new RegExp(BROWN_FORMAN.name) })
      .getByRole("button", { name: "View Profile" })
      .tap();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByRole("region", { name: SECTION })
      .getByText("The filed figures could not be loaded. Try again later.")
      .waitFor();
    await dialog.getByRole("region", { name: "Label approvals, last 90 days" }).waitFor();
    // The browser logs the failed request itself; nothing else may fail.
    expect(errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
    await context.close();
  });
});
