// Issue 41: the Census import figures as readers meet them: /data/imports on a fresh load, its form
// pressed by its own button on a phone, without JavaScript, and the tariffs story on the Trade Policy
// topic. The figures are a recorded sample (made up) written in the API's answer format.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { expectNoAxeViolations, hydrated, launchBrowser, openPage, PHONE_390 } from "../support/browser.ts";
import { ALL, censusJson, censusRow, MEXICO, UK } from "../support/census-files.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);

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

/** The sample: two years of Mexico's tequila and others, the UK's whiskies and the world's 220890. */
async function importSample() {
  const rows: string[][] = [];
  for (const [year, mexico, uk] of [
    [2023, 100_000_000, 50_000_000],
    [2024, 110_000_000, 40_000_000],
  ] as const)
    for (const m of months(year)) {
      rows.push(censusRow(MEXICO, "220890", m, mexico));
      rows.push(censusRow(UK, "220830", m, uk));
      rows.push(censusRow(ALL, "220890", m, mexico));
    }
  const imported = await fetch(`${server.url}/api/admin/data/import/census-hs2208?name=hs2208.json`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "application/json" },
    body: censusJson(rows),
  });
  expect(imported.status).toBe(200);
}

describe("/data/imports before any import", () => {
  it("says there are no figures yet and names the command, on a fresh load without JavaScript", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, { javaScriptEnabled: false });
    const res = await page.goto("/data/imports");
    expect(res?.status()).toBe(200);
    await page.getByText("No import figures yet.").waitFor();
    await page.getByText("npm run hub -- data import census-hs2208 <file.json>").waitFor();
    expect(await page.locator("table").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("/data/imports", () => {
  beforeAll(importSample);

  it("shows every country on a fresh load and one country's months by the form's own button on a phone", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, { touch: true });
    const res = await page.goto("/data/imports");
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Spirits imports by country" }).waitFor();
    await page.getByText("$1.8 billion imported from January 2024 to December 2024").waitFor();
    const countries = page.getByRole("region", { name: "Every country, against the twelve months before" });
    expect(await countries.locator("tbody tr").allInnerTexts()).toEqual([
      expect.stringMatching(/^MEXICO\s+\$1\.3 billion\s+\$1\.2 billion\s+\+10\.0%$/),
      expect.stringMatching(/^UNITED KINGDOM\s+\$480\.0 million\s+\$600\.0 million\s+[−-]20\.0%$/),
    ]);
    await expectNoAxeViolations(page);

    await page.getByRole("combobox", { name: "Country" }).selectOption("4120");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("country") === "4120"),
      page.getByRole("button", { name: "Show figures" }).tap(),
    ]);
    await page.getByRole("heading", { level: 2, name: "Spirits (HS 2208) from UNITED KINGDOM" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("works without JavaScript, and the Trade Policy topic shows the countries with a link", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_390, {
      touch: true,
      javaScriptEnabled: false,
    });
    await page.goto("/data/imports");
    await page.getByRole("combobox", { name: "Spirit" }).selectOption("220890");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("code") === "220890"),
      page.getByRole("button", { name: "Show figures" }).tap(),
    ]);
    await page
      .getByRole("heading", { level: 2, name: "Tequila, mezcal and other spirits from every country" })
      .waitFor();

    await page.goto("/topics/trade-policy");
    const box = page.getByRole("region", { name: "Spirits imports by country in the hub’s data" });
    await box.getByText("MEXICO: +10.0% on the twelve months before").waitFor();
    expect(await box.getByRole("link", { name: "Every country and spirit, month by month" }).getAttribute("href")).toBe(
      "/data/imports",
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
