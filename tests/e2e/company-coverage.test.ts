// A company's coverage in the Explorer (issue 26) as readers meet it: in the
// server's HTML for /explorer?company=…, loaded into a profile opened in the
// page, a podcast moment that seeks the player to its second, and the
// "Most covered this quarter" order, with and without JavaScript.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { expectNoAxeViolations, hydrated, launchBrowser, openHydrated } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { testNow, testToday } from "../support/clock.ts";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;
let direct: Database;
let momentEpisode = 0;

const DIAGEO = COMPANIES.find((c) => c.name === "Diageo North America")!;
const CAMPARI = COMPANIES.find((c) => c.name === "Campari America")!;
const MANUFACTURERS = "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)";
const today = testToday();

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([launchBrowser(), startServer(testDb.env)]);
  direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  // The demo's RTD episode (it has audio) names Diageo in its cue at 10 s; every writer sets updated_at.
  const rtd = await direct.db
    .selectFrom("podcast_episodes")
    .select(["id", "transcript"])
    .where("title", "=", "Sample: RTD launches crowd the cooler")
    .executeTakeFirstOrThrow();
  momentEpisode = rtd.id;
  await direct.db
    .updateTable("podcast_episodes")
    .set({
      transcript: rtd.transcript!.replace(
        "single flavour packs earn the repeat",
        "Diageo's single flavour packs earn the repeat",
      ),
      updated_at: testNow().toISOString(),
    })
    .where("id", "=", rtd.id)
    .execute();
  // Campari, three times today: the most covered manufacturer this quarter.
  await direct.db
    .insertInto("weekly_summaries")
    .values(
      ["Aperol", "Wild Turkey", "Espolòn"].map((brand) => ({
        date: today,
        headline: `${brand} news for the coverage test`,
        content: `${brand} had a good week.`,
      })),
    )
    .execute();
});
afterAll(async () => {
  await direct?.close();
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

const table = (page: Page) => page.getByRole("table", { name: MANUFACTURERS, exact: true });
const firstRowName = (page: Page) =>
  table(page).locator("tbody tr").first().locator("td:nth-child(2) .font-semibold").innerText();

describe("company coverage", () => {
  it("is in the server's HTML for a profile's address, with the moment linked to its second", async () => {
    const res = await fetch(`${server.url}/explorer?company=${DIAGEO.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Coverage on the hub");
    expect(html).toContain(`href="/podcast?episode=${momentEpisode}#episode-${momentEpisode}&amp;t=10"`);
    expect(html).toContain(", at 0:10");
  });

  it("loads into a profile opened in the page, and a moment seeks the player to its second", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/explorer");
    const row = table(page).getByRole("row", { name: new RegExp(DIAGEO.name) });
    await row.getByRole("button", { name: "View Profile" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: DIAGEO.name }).waitFor();
    const section = dialog.getByRole("region", { name: "Coverage on the hub" });
    const moment = section.getByRole("link", { name: /RTD launches crowd the cooler, at 0:10/ });
    await moment.waitFor();
    // The recap that names Diageo (the demo's "two giants") is listed, linked to its page.
    expect(await section.getByRole("link").first().getAttribute("href")).toMatch(/^\/recap\/\d+$/);
    await expectNoAxeViolations(page);

    await moment.click();
    await page.waitForURL(new RegExp(`/podcast\\?episode=${momentEpisode}#episode-${momentEpisode}&t=10$`));
    await page.waitForFunction(
      (id) => (document.querySelector(`#episode-${id} audio`) as HTMLAudioElement | null)?.currentTime === 10,
      momentEpisode,
    );
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("says so when the hub has not covered a company", async () => {
    const gallo = COMPANIES.find((c) => c.name === "Gallo")!;
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/explorer?company=${gallo.id}`);
    await page.getByRole("dialog").getByText("The hub has not covered Gallo yet.").waitFor();
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("sorts the tables by this quarter's coverage with a link, and back to rank order", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/explorer");
    await page.getByRole("link", { name: "Most covered this quarter" }).click();
    await page.waitForURL(/\?sort=coverage$/);
    await expect.poll(() => firstRowName(page)).toBe(CAMPARI.name);
    const header = table(page).getByRole("columnheader", { name: /This quarter/ });
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    expect(await table(page).locator("tbody tr").first().locator("td").nth(4).innerText()).toBe("3");
    await page.getByRole("link", { name: "Rank order" }).click();
    await page.waitForURL((url) => !url.search.includes("sort="));
    await expect.poll(() => firstRowName(page)).toBe(COMPANIES.find((c) => c.type === "manufacturer")!.name);
    // In rank order the tables have the spec's columns only.
    expect(
      await table(page)
        .getByRole("columnheader", { name: /This quarter/ })
        .count(),
    ).toBe(0);
    // A fresh load of the sorted address renders the same order on the server.
    const res = await page.goto("/explorer?sort=coverage");
    expect(res?.status()).toBe(200);
    await hydrated(page);
    expect(await firstRowName(page)).toBe(CAMPARI.name);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("works without JavaScript: the sort link and a profile's coverage", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    await page.goto("/explorer");
    await page.getByRole("link", { name: "Most covered this quarter" }).click();
    await page.waitForURL(/\?sort=coverage$/);
    expect(await firstRowName(page)).toBe(CAMPARI.name);
    // The profile's own button opens it and keeps the order.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("company") === String(CAMPARI.id)),
      table(page).locator("tbody tr").first().getByRole("button", { name: "View Profile" }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("coverage");
    expect(await firstRowName(page)).toBe(CAMPARI.name);
    const section = page.getByRole("dialog").getByRole("region", { name: "Coverage on the hub" });
    await section.getByRole("link", { name: "Aperol news for the coverage test" }).waitFor();
    await context.close();
  });
});
