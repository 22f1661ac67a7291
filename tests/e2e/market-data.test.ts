// The market data's pages as readers meet them (issue 39): /data and a family's page fresh,
// without JavaScript, on a 390 px phone, with their charts, tables, CSVs and source; a topic
// page that stands for a family shows its trend; a recap embeds a chart by its short code.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { browserAndSite, expectNoAxeViolations, hydrated, openPage, PHONE_390 } from "../support/browser.ts";
import { testToday } from "../support/clock.ts";

const site = browserAndSite({ ADMIN_TOKEN: ADMIN_TOKEN_FOR_TESTS });

/** A fresh page without JavaScript on a touch phone in another time zone: what a reader on a slow link, or a crawler, gets. */
async function plainPhonePage(): Promise<Page> {
  const { page } = await openPage(site.browser, site.url, PHONE_390, {
    javaScriptEnabled: false,
    touch: true,
    timezoneId: "Pacific/Auckland",
  });
  return page;
}

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** axe needs a script in the page: the same address, loaded with JavaScript on the same phone, is checked. */
async function axeCleanOnPhone(path: string): Promise<void> {
  const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE_390);
  await page.goto(path);
  await hydrated(page);
  await expectNoAxeViolations(page);
  expect(await fitsThePhone(page)).toBe(true);
  expectNoUnexpectedErrors();
  await page.context().close();
}

describe("market data pages", () => {
  it("/data lists every family's latest full year with its change and share, and names its source", async () => {
    const page = await plainPhonePage();
    const res = await page.goto("/data");
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "Market data", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Spirits in Iowa, 2019", level: 2 }).waitFor();
    // The demo's figures are Iowa's real sales summed statewide: the 2019 figures of the shared file.
    expect(await page.getByText("Retailers bought $348.6 million of spirits").innerText()).toContain("up 4.4% on 2018");
    const table = page.getByRole("table", { name: "Every family, 2019, against 2018" });
    const tequila = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Tequila" }) });
    expect((await tequila.innerText()).split(/\s+/).join(" ")).toContain(
      "Tequila $21.7 million +9.2% 926,691 liters +7.1% 6.2%",
    );
    // The chart is drawn on the server, named for screen readers.
    expect(await page.getByRole("img", { name: /Sales by family, 2019/ }).count()).toBe(1);
    // Every figure says where it comes from, how current it is and what it is not.
    const source = page.getByRole("complementary", { name: "Source" });
    expect(await source.innerText()).toMatch(
      /Iowa Liquor Sales.*Alcoholic Beverages Division.*Figures through October 2020/s,
    );
    expect(await source.innerText()).toContain("not national depletions");
    // The table's CSV holds the same figures, raw.
    const csvHref = await page.getByRole("link", { name: /Download CSV/ }).getAttribute("href");
    const csv = await page.request.get(csvHref!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toMatch(/\r\n2019,tequila,2174446\d(?:\.\d+)?,1991111\d(?:\.\d+)?,0\.092/);
    expect(await fitsThePhone(page)).toBe(true);
    await page.context().close();
    await axeCleanOnPhone("/data");
  });

  it("a family's page has its yearly and monthly charts, each with its table and CSV, its categories, and its source", async () => {
    const page = await plainPhonePage();
    await page.goto("/data");
    await page.getByRole("link", { name: "Tequila", exact: true }).tap();
    await page.waitForURL(/\/data\/tequila$/);
    await page.getByRole("heading", { name: "Tequila in Iowa", level: 1 }).waitFor();
    await page
      .getByText("Tequila: $21.7 million in 2019, up 9.2% on 2018; 6.2% of all spirits' sales.")
      .first()
      .waitFor();
    for (const chart of [
      /Tequila: sales by year/,
      /Tequila: sales by month, Jan 2015 to Oct 2020/,
      /Tequila: sales by the state's category, 2019/,
    ])
      expect(await page.getByRole("img", { name: chart }).count()).toBe(1);
    const years = page.getByRole("table", { name: "Tequila by year" });
    expect(await years.getByRole("row").count()).toBe(1 + 6);
    // 2020 holds ten months: no change is claimed against a full year.
    expect((await years.getByRole("row").last().innerText()).split(/\s+/).join(" ")).toMatch(
      /^2020 10 \$\d+\.\d million – /,
    );
    await page.getByText("2020 holds 10 months").waitFor();
    // The monthly table opens with a tap, without JavaScript.
    await page.getByText("Every month (70)").tap();
    expect(await page.getByRole("table", { name: "Tequila by month" }).getByRole("row").count()).toBe(71);
    const categories = page.getByRole("table", { name: "Tequila by category, 2019" });
    expect(await categories.innerText()).toContain("100% agave tequila");
    // The demo holds statewide figures only, and says so rather than ranking nothing.
    await page.getByText("The figures imported here are statewide only").waitFor();
    const csvs = await page
      .getByRole("link", { name: /Download CSV/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(csvs).toEqual([
      "/api/data/tequila.csv?table=years",
      "/api/data/tequila.csv?table=months",
      "/api/data/tequila.csv?table=categories",
    ]);
    expect((await (await page.request.get(csvs[1]!)).text()).split("\r\n")[1]).toMatch(/^2015-01,\d+\.?\d*,\d+\.?\d*$/);
    // The family can be followed (issue 42): this site sends no mail, so the form says so and offers the feed.
    const follow = page.getByRole("region", { name: "Follow Tequila in Iowa" });
    await follow.getByText("Email subscriptions are not open yet.").waitFor();
    const feed = await follow.getByRole("link", { name: "Tequila in Iowa (RSS)" }).getAttribute("href");
    expect(feed).toBe("/feeds/follow/market/tequila.xml");
    const xml = await page.request.get(feed!);
    expect(xml.status()).toBe(200);
    expect(await xml.text()).toContain("<title>Proofline: Tequila in Iowa</title>");
    expect(await fitsThePhone(page)).toBe(true);
    await axeCleanOnPhone("/data/tequila");
    // A family the data does not hold.
    const missing = await page.goto("/data/absinthe");
    expect(missing?.status()).toBe(404);
    await page.getByText("The hub holds no market figures for that family.").waitFor();
    await page.context().close();
  });

  it("a topic that stands for a family shows its trend and links its page; others do not", async () => {
    const page = await plainPhonePage();
    await page.goto("/topics/tequila");
    const market = page.getByRole("region", { name: "Tequila in the hub’s market data" });
    expect(await market.getByRole("img", { name: /Tequila in Iowa: sales by year/ }).count()).toBe(1);
    await market.getByRole("link", { name: "Tequila market data" }).click();
    await page.waitForURL(/\/data\/tequila$/);
    await page.goto("/topics/new-york");
    await page.getByRole("heading", { name: "New York", level: 1 }).waitFor();
    expect(await page.getByText("in the hub’s market data").count()).toBe(0);
    expect(await fitsThePhone(page)).toBe(true);
    await page.context().close();
    await axeCleanOnPhone("/topics/tequila");
  });

  it("a recap embeds a family's chart by its short code; its feed keeps the link", async () => {
    const res = await fetch(`${site.url}/api/admin/recaps`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: testToday(),
        headline: "Vodka holds its ground in Iowa",
        content: "Vodka's share barely moved.\n\n{{chart vodka}}\n\nThe numbers behind the story.\n\n{{chart vodka}}",
      }),
    });
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { recap: { id: number } }).recap;
    const page = await plainPhonePage();
    await page.goto(`/recap/${id}`);
    // Embedded twice, drawn once (a page holds one chart of a family); the second stays its link.
    expect(await page.locator('[data-family-trend="vodka"]').count()).toBe(1);
    expect(await page.getByRole("link", { name: "Vodka in Iowa: market data" }).count()).toBe(1);
    const figure = page.locator('[data-family-trend="vodka"]');
    expect(await figure.getByRole("img", { name: /Vodka in Iowa: sales by year/ }).count()).toBe(1);
    expect(await figure.innerText()).toContain("Vodka: $83.0 million in 2019, up 0.4% on 2018");
    // The text around the chart stays the recap's own.
    await page.getByText("Vodka's share barely moved.").waitFor();
    await page.getByText("The numbers behind the story.").waitFor();
    expect(await page.getByText("{{chart vodka}}").count()).toBe(0);
    expect(await fitsThePhone(page)).toBe(true);
    await axeCleanOnPhone(`/recap/${id}`);
    // Where no chart can be drawn (a feed reader), the short code is a link to the family's page.
    const feed = await (await fetch(`${site.url}/feeds/recaps.xml`)).text();
    expect(feed).toContain('<a href="/data/vodka">Vodka in Iowa: market data</a>');
    await page.context().close();
  });
});
