import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { claimsInReadingOrder } from "#common/content/company.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { expectNoAxeViolations, hydrated, browserAndSite, openHydrated, openPage, PHONE } from "../support/browser.ts";
import { gate } from "../support/gate.ts";

const site = browserAndSite();

const MANUFACTURERS = "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)";
const DISTRIBUTORS = "Top 25 U.S. Alcohol Distributors (Beer, Wine & Spirits)";
const companies = COMPANIES;
const table = (page: Page, title: string) => page.getByRole("table", { name: title, exact: true });
const bodyRows = (t: Locator) => t.locator("tbody tr");
/** Each visible row's rank and company name, in order. */
async function rowsOf(t: Locator): Promise<Array<[string, string]>> {
  return bodyRows(t).evaluateAll((rows) =>
    rows.map((row) => [
      row.querySelector("td")?.textContent ?? "",
      row.querySelector("td:nth-child(2) .font-semibold")?.textContent ?? "",
    ]),
  ) as Promise<Array<[string, string]>>;
}
const search = (page: Page) => page.getByRole("searchbox", { name: "Search companies" });
const dialog = (page: Page) => page.getByRole("dialog");

/**
 * After a profile was closed before the code came: the code comes, and the profile stays closed,
 * gone from the page and from the address (`search` left), with focus not moved by it.
 */
async function closedForGood(page: Page, search: string): Promise<void> {
  await dialog(page).waitFor({ state: "detached" });
  await expect.poll(() => new URL(page.url()).search).toBe(search);
  await page.waitForTimeout(200);
  expect(await page.locator("dialog").count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

/**
 * Opens `path` and waits until its islands script has run and the network is quiet, checking that
 * no framework code came; answers the scripts fetched, as the page goes on fetching them.
 */
async function loadedWithoutFramework(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => s.includes("islands-entry"))).toBe(true);
  expect(scripts.filter((s) => /mount-island|explorer-view|entry\.client/.test(s))).toEqual([]);
  return scripts;
}

describe("/explorer", () => {
  it("shows the header, the search box and both tables with all 25 companies each, ranked from #1", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(site.browser, site.url, "/explorer");
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await page.getByRole("heading", { level: 1, name: "Top Player Deep Dive" }).waitFor();
    await page.getByText("top 25 U.S. alcoholic beverage manufacturers and the top 25").waitFor();
    expect(await search(page).getAttribute("placeholder")).toBe("Search companies, locations, or brands...");

    const makers = table(page, MANUFACTURERS);
    expect(await makers.locator("thead th").allInnerTexts()).toEqual([
      "Rank",
      "Company",
      "Location",
      "Key Brands",
      "Profile",
    ]);
    const makerRows = await rowsOf(makers);
    expect(makerRows).toEqual(companies.slice(0, 25).map((c, i) => [`#${i + 1}`, c.name]));
    await bodyRows(makers).first().getByText(companies[0]!.location).waitFor();

    const dists = table(page, DISTRIBUTORS);
    expect(await dists.locator("thead th").allInnerTexts()).toEqual([
      "Rank",
      "Company",
      "Revenue/Coverage",
      "Focus Area",
      "Profile",
    ]);
    expect(await rowsOf(dists)).toEqual(companies.slice(25).map((c, i) => [`#${i + 1}`, c.name]));
    // Company with its location beneath; revenue and coverage together.
    const first = bodyRows(dists).first();
    expect(await first.locator("td").nth(1).innerText()).toBe(`${companies[25]!.name}\n${companies[25]!.location}`);
    await first.getByText(companies[25]!.revenue!).waitFor();
    await first.getByText(companies[25]!.coverage!).waitFor();

    expect(await page.getByRole("button", { name: "View Profile" }).count()).toBe(50);
    expect(await page.getByText("Coming soon").count()).toBe(0);
    await expectNoAxeViolations(page);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("filters both tables at once by name, location or brand, ignoring case, and keeps the search in the address", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(site.browser, site.url, "/explorer");
    const makers = table(page, MANUFACTURERS);
    const dists = table(page, DISTRIBUTORS);

    const rankOf = (name: string) => {
      const company = companies.find((c) => c.name === name)!;
      return `#${companies.filter((c) => c.type === company.type).indexOf(company) + 1}`;
    };
    await search(page).fill("GREY GOOSE"); // a manufacturer's brand and a distributor's focus
    await expect.poll(() => rowsOf(makers)).toEqual([[rankOf("Bacardi USA"), "Bacardi USA"]]);
    expect(await rowsOf(dists)).toEqual([[rankOf("Fedway Associates"), "Fedway Associates"]]);
    await expect.poll(() => new URL(page.url()).search).toBe("?q=GREY+GOOSE");
    await page.getByText("2 of 50 companies match").waitFor();

    await search(page).fill("alaska"); // no company, place or brand names Alaska
    await page.getByText("No companies found matching your search criteria.").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);

    await search(page).fill("ny"); // locations: ", NY"
    const nyMakers = await rowsOf(makers);
    expect(nyMakers.map(([, name]) => name)).toEqual(
      expect.arrayContaining(["Constellation Brands", "Diageo North America", "Heineken USA"]),
    );
    await search(page).fill("Miami");
    await expect.poll(() => rowsOf(dists)).toEqual([["#1", "Southern Glazer's Wine & Spirits"]]);
    await makers.getByText("No manufacturers match this search.").waitFor();

    // The address carries the search: a reload renders the same filtered view on the server.
    await page.reload();
    expect(await search(page).inputValue()).toBe("Miami");
    // Typing into the box before React has taken the page over is not what this checks.
    await hydrated(page);
    expect(await rowsOf(dists)).toEqual([["#1", "Southern Glazer's Wine & Spirits"]]);
    await search(page).fill("");
    await expect.poll(async () => (await rowsOf(makers)).length).toBe(25);
    expect(new URL(page.url()).search).toBe("");
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("runs no framework code for a reader who only reads; a tap and typing on a phone before the code still search", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE, { touch: true });
    const scripts = await loadedWithoutFramework(page, "/explorer");

    await search(page).tap();
    await page.keyboard.type("Miami");
    const dists = table(page, DISTRIBUTORS);
    await expect.poll(() => rowsOf(dists)).toEqual([["#1", "Southern Glazer's Wine & Spirits"]]);
    await expect.poll(() => new URL(page.url()).search).toBe("?q=Miami");
    expect(await search(page).inputValue()).toBe("Miami");
    expect(scripts.filter((s) => s.includes("explorer-view"))).toHaveLength(1);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("cycles each Rank header normal, ascending, descending, normal, independently, without renumbering", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(site.browser, site.url, "/explorer");
    const makers = table(page, MANUFACTURERS);
    const dists = table(page, DISTRIBUTORS);
    const makerHeader = makers.locator("thead th").first();
    const makerButton = makerHeader.getByRole("button", { name: /Rank/ });
    const original = companies.slice(0, 25).map((c, i) => [`#${i + 1}`, c.name]);
    const originalDists = companies.slice(25).map((c, i) => [`#${i + 1}`, c.name]);

    expect(await makerHeader.getAttribute("aria-sort")).toBeNull();
    // The first press comes before the tables' code (it comes at first use): it is kept, and works once the code has come.
    expect(await page.locator('[data-island="explorer"][data-mounted]').count()).toBe(0);
    await makerButton.click();
    await expect.poll(() => makerHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(await rowsOf(makers)).toEqual(original);
    await makerButton.click();
    expect(await makerHeader.getAttribute("aria-sort")).toBe("descending");
    expect(await rowsOf(makers)).toEqual([...original].reverse());
    expect(await rowsOf(dists)).toEqual(originalDists); // the other table is untouched

    const distHeader = dists.locator("thead th").first();
    await distHeader.getByRole("button", { name: /Rank/ }).click();
    await distHeader.getByRole("button", { name: /Rank/ }).click();
    expect(await distHeader.getAttribute("aria-sort")).toBe("descending");
    expect(await rowsOf(dists)).toEqual([...originalDists].reverse());

    // Sorting and searching combine; ranks stay the original positions.
    await search(page).fill("wine");
    const filtered = await rowsOf(dists);
    expect(filtered.map(([rank]) => Number(rank.slice(1)))).toEqual(
      [...filtered.map(([rank]) => Number(rank.slice(1)))].sort((a, b) => b - a),
    );
    await search(page).fill("");

    await makerButton.click();
    expect(await makerHeader.getAttribute("aria-sort")).toBeNull();
    expect(await rowsOf(makers)).toEqual(original);
    expect(await distHeader.getAttribute("aria-sort")).toBe("descending");
    // The header is a real button: the keyboard works it too.
    await makerButton.focus();
    await page.keyboard.press("Enter");
    expect(await makerHeader.getAttribute("aria-sort")).toBe("ascending");
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("opens a profile with every field, closes it by ×, Escape and the backdrop, returning focus and keeping the page still", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(site.browser, site.url, "/explorer");
    const sgws = companies[25]!;
    const opener = bodyRows(table(page, DISTRIBUTORS)).first().getByRole("button", { name: "View Profile" });
    await opener.click();
    const modal = dialog(page);
    await modal.getByRole("heading", { level: 2, name: sgws.name }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("company")).toBe("26");
    // The text shows at once; the citations, the rank basis and the sources come from the API just after.
    await modal.getByText("Rank basis").waitFor();
    const text = (await modal.textContent())!; // not innerText: some labels are uppercased by CSS
    const claims = sgws.claims!;
    for (const expected of [
      sgws.location,
      `Founded ${sgws.profile!.founded}`,
      "Company Overview",
      ...claims.overview.map((c) => c.text),
      "Employees",
      sgws.profile!.employees,
      "Type",
      "Distributor",
      "Owner",
      sgws.ownership,
      "Rank basis",
      claims.rankBasis.text,
      "Market Position",
      ...claims.marketPosition.map((c) => c.text),
      "Strategy",
      ...claims.strategy.map((c) => c.text),
      "Recent Developments",
      ...claims.recentDevelopments.map((c) => c.text),
      "Key Brands",
      "Revenue",
      sgws.revenue!,
      "Coverage",
      sgws.coverage!,
      "Where to check these facts",
      ...sgws.sources.map((s) => s.title),
    ])
      expect(text).toContain(expected);
    const marks = /(\[(\d+|estimate)\])+$/;
    expect((await modal.locator("li.rounded-full").allInnerTexts()).map((t) => t.replace(marks, "").trim())).toEqual(
      sgws.keyBrands,
    );
    await expectNoAxeViolations(page);

    // Focus is inside; the page behind does not scroll.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(5, 5); // over the backdrop, not the dialog's own scroller
    await page.mouse.wheel(0, -800);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await modal.getByRole("button", { name: "Close profile" }).click();
    await modal.waitFor({ state: "detached" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.has("company")).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

    // Escape; a manufacturer has no revenue or coverage.
    const maker = bodyRows(table(page, MANUFACTURERS)).nth(2);
    await maker.getByRole("button", { name: "View Profile" }).click();
    await dialog(page).getByRole("heading", { name: companies[2]!.name }).waitFor();
    const makerText = (await dialog(page).textContent())!;
    expect(makerText).toContain("Manufacturer");
    const terms = await dialog(page).locator("dt").allTextContents();
    expect(terms).not.toContain("Revenue");
    expect(terms).not.toContain("Coverage");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(
      await maker.getByRole("button", { name: "View Profile" }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // A click on the row opens it too; a click on the backdrop closes it.
    await maker.locator("td").nth(1).click();
    await dialog(page).waitFor();
    await page.mouse.click(5, 5);
    await dialog(page).waitFor({ state: "detached" });
    // A click inside the dialog does not close it.
    await maker.locator("td").nth(1).click();
    await dialog(page).getByText("Company Overview").click();
    expect(await dialog(page).isVisible()).toBe(true);
    await dialog(page).getByRole("button", { name: "Close", exact: true }).click();
    await dialog(page).waitFor({ state: "detached" });
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("shows where each claim comes from: a numbered mark after every claim, reachable by keyboard, leads to its source", async () => {
    const sazerac = companies.find((c) => c.name.startsWith("Sazerac"))!;
    const { page, expectNoUnexpectedErrors } = await openHydrated(
      site.browser,
      site.url,
      `/explorer?company=${sazerac.id}`,
    );
    const modal = dialog(page);
    await modal.getByRole("heading", { level: 2, name: sazerac.name }).waitFor();
    const claims = claimsInReadingOrder(sazerac.claims!);
    const expectedMarks = claims.reduce((n, c) => n + c.cite.length + (c.estimate ? 1 : 0), 0);
    const marks = modal.locator("sup a");
    expect(await marks.count()).toBe(expectedMarks);
    // Every listed source is shown, numbered, with its publisher, date and address.
    const entries = modal.locator("ol > li");
    expect(await entries.count()).toBe(sazerac.sources.length);
    const firstSource = sazerac.sources[0]!;
    expect(await entries.first().innerText()).toContain(`${firstSource.title}. ${firstSource.publisher}`);
    expect(await entries.first().getByRole("link").getAttribute("href")).toBe(firstSource.url);
    expect(await entries.first().getByRole("link").getAttribute("target")).toBe("_blank");

    // The location's mark is the first one the keyboard reaches after the heading's links; Enter goes to its source.
    const locationMark = modal.locator("header sup a").first();
    const n = sazerac.claims!.location.cite[0]!;
    await locationMark.focus();
    expect(await locationMark.innerText()).toBe(`[${n}]`);
    expect(await locationMark.getAttribute("title")).toBe(
      `${sazerac.sources[n - 1]!.title} (${sazerac.sources[n - 1]!.publisher})`,
    );
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).hash).toBe(`#company-${sazerac.id}-source-${n}`);
    expect(await entries.nth(n - 1).isVisible()).toBe(true);
    expect(await dialog(page).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    expectNoUnexpectedErrors();
    await page.context().close();

    // Without JavaScript the server's profile carries the same marks and list.
    const html = await (await fetch(`${site.url}/explorer?company=${sazerac.id}`)).text();
    expect(html).toContain(`id="company-${sazerac.id}-source-${sazerac.sources.length}"`);
    expect(html).toContain(`href="#company-${sazerac.id}-source-${n}"`);
  });

  it("renders a linked profile (?company=) and a search (?q=) on the server, with their own title and description", async () => {
    const brown = companies.find((c) => c.id === 8)!;
    const html = await (await fetch(`${site.url}/explorer?company=8&q=bourbon`)).text();
    expect(html).toMatch(/<dialog open=""/);
    expect(html).toContain(`<title>${brown.name}: Top Player Deep Dive | Proofline</title>`);
    expect(html).toContain(`<meta name="description" content="${brown.profile!.overview.replaceAll("'", "&#x27;")}"/>`);
    expect(html).toContain(`/explorer?company=8"`);

    const plain = await (await fetch(`${site.url}/explorer`)).text();
    expect(plain).toContain('<meta property="og:title" content="Top Player Deep Dive"/>');
    expect(plain).toMatch(/<meta name="description" content="The 25 largest U\.S\. beverage alcohol manufacturers/);
    const ld = JSON.parse(plain.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!) as {
      "@type": string;
      itemListElement: Array<{ position: number; item: { name: string } }>;
    };
    expect(ld["@type"]).toBe("ItemList");
    expect(ld.itemListElement).toHaveLength(50);
    expect(ld.itemListElement[49]).toMatchObject({ position: 50, item: { name: companies[49]!.name } });
    expect(plain).not.toContain("noindex");
    expect(await (await fetch(`${site.url}/explorer?q=wine`)).text()).toContain('content="noindex, follow"');

    // In the site.browser, the linked profile is a modal dialog after hydration, and closing it keeps the search.
    const { page, expectNoUnexpectedErrors } = await openHydrated(
      site.browser,
      site.url,
      "/explorer?q=bourbon&company=8",
    );
    await dialog(page).getByRole("heading", { name: brown.name }).waitFor();
    expect(await page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect.poll(() => new URL(page.url()).search).toBe("?q=bourbon");
    // An unknown company is no profile at all.
    await page.goto("/explorer?company=999");
    expect(await page.locator("dialog").count()).toBe(0);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("opens a shared profile's address as a modal before any framework code; closed then, by Escape, × or the backdrop, it stays closed", async () => {
    const brown = companies.find((c) => c.id === 8)!;
    for (const how of ["Escape", "×", "backdrop"] as const) {
      const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE, { touch: true });
      await loadedWithoutFramework(page, "/explorer?q=brown&company=8");
      // Modal from the start: focus inside, the page behind inert and still.
      await dialog(page).getByRole("heading", { name: brown.name }).waitFor();
      expect(await page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

      if (how === "Escape") await page.keyboard.press("Escape");
      else if (how === "×") await dialog(page).getByRole("button", { name: "Close profile" }).tap();
      else await page.touchscreen.tap(5, 5);
      // Closed by the browser at once, without waiting for the code.
      expect(await page.evaluate(() => document.querySelector("dialog")?.open)).toBe(false);
      await closedForGood(page, "?q=brown");
      expectNoUnexpectedErrors();
      await page.context().close();
    }
  });

  it("keeps a profile closed before the islands script came closed once it comes", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE, { touch: true });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/islands-entry/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/explorer?company=8");
    expect(await page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.querySelector("dialog")?.open)).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await closedForGood(page, "");
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("draws each visit anew when the router draws the page: the header's Top Players link shows every company again", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(site.browser, site.url, "/chat");
    const topPlayers = page.locator("header").getByRole("link", { name: "Top Players", exact: true });
    await topPlayers.click();
    await search(page).waitFor();
    expect(new URL(page.url()).pathname).toBe("/explorer");
    await search(page).fill("gallo");
    await expect.poll(() => new URL(page.url()).search).toBe("?q=gallo");
    await expect.poll(async () => (await rowsOf(table(page, MANUFACTURERS))).map(([, n]) => n)).toEqual(["Gallo"]);
    await bodyRows(table(page, MANUFACTURERS)).first().getByRole("button", { name: "View Profile" }).click();
    await dialog(page).getByRole("heading", { name: "Gallo" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });

    await topPlayers.click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(async () => (await rowsOf(table(page, MANUFACTURERS))).length).toBe(25);
    expect(await search(page).inputValue()).toBe("");
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("works without JavaScript: the search form and View Profile buttons load server-rendered views", async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
    const page = await context.newPage();
    await page.goto("/explorer");
    await search(page).fill("gallo");
    await search(page).press("Enter");
    await page.waitForURL(/\?q=gallo/);
    expect((await rowsOf(table(page, MANUFACTURERS))).map(([, n]) => n)).toEqual(["Gallo"]);
    await page.getByRole("button", { name: "View Profile" }).first().click();
    await page.waitForURL(/company=5/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("gallo");
    await dialog(page).getByRole("heading", { name: "Gallo" }).waitFor();
    await dialog(page).getByRole("button", { name: "Close profile" }).click();
    expect(await dialog(page).isVisible()).toBe(false);
    await context.close();
  });

  it("downloads each table's currently filtered rows, in the displayed order, as CSV", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(site.browser, site.url);
    // The tables' code is held back: the search, both presses and the download all come before it,
    // and each is given back in turn, after what the one before did (a busy phone, a slow network).
    const code = await gate(page, (url) => url.pathname.includes("/explorer-view"));
    await page.goto("/explorer");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await context.unroute("**"); // downloads stay on the test server
    // A location (Heineken USA, White Plains) and a brand (White Claw). "Napa" matched only a location
    // once the Napa brands that rested on copied sources left the data (issue 37).
    await search(page).fill("White");
    const makerHeader = table(page, MANUFACTURERS).locator("thead th").first();
    await makerHeader.getByRole("button", { name: /Rank/ }).click();
    await makerHeader.getByRole("button", { name: /Rank/ }).click();
    const downloaded = page.waitForEvent("download");
    await page.getByRole("link", { name: `Download CSV of ${MANUFACTURERS}` }).click();
    expect(await page.locator('[data-island="explorer"][data-mounted]').count()).toBe(0);
    code.open();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe("top-25-us-alcohol-manufacturers-2024.csv");
    const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    // The manufacturers naming "white" in their location or a brand, highest rank number first.
    const white = companies
      .slice(0, 25)
      .map((c, i) => ({ c, rank: i + 1 }))
      .filter(({ c }) => [c.name, c.location, ...c.keyBrands].some((t) => t.toLowerCase().includes("white")))
      .reverse();
    expect(white.length).toBeGreaterThan(1);
    expect(csv.trimEnd().split("\r\n")).toEqual([
      "Rank,Company,Location,Key Brands",
      ...white.map(({ c, rank }) => `${rank},${c.name},"${c.location}",${c.keyBrands.join("; ")}`),
    ]);

    await search(page).fill("");
    const [all] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download CSV of ${DISTRIBUTORS}` }).click(),
    ]);
    const lines = fs
      .readFileSync((await all.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(26);
    expect(lines[1]).toContain(`1,Southern Glazer's Wine & Spirits,"Miami, FL","${companies[25]!.revenue}"`);
    expectNoUnexpectedErrors();
    await context.close();
  });

  it("keeps the tables readable on a phone: they scroll sideways inside their boxes, the page does not", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(site.browser, site.url, "/explorer", PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = page.getByRole("region", { name: MANUFACTURERS, exact: true });
    const scrolls = await box.evaluate(
      (el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === "auto",
    );
    expect(scrolls).toBe(true);
    await bodyRows(table(page, MANUFACTURERS)).first().getByRole("button", { name: "View Profile" }).click();
    const modalBox = await dialog(page).boundingBox();
    expect(modalBox!.x).toBeGreaterThanOrEqual(0);
    expect(modalBox!.x + modalBox!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});
