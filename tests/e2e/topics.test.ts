// Topics and related reading (issue 26) as readers meet them: a recap's tag chip leads to
// its topic page, which pages, names its companies, offers its feed and is axe-clean on a phone;
// under the recap, related reading with what each item shares.
import { describe, expect, it } from "vitest";
import { DESKTOP, expectNoAxeViolations, hydrated, browserAndSite, openPage, PHONE } from "../support/browser.ts";

const site = browserAndSite();

describe("topics", () => {
  it("leads from a recap's tag chip to its topic page, with its items, companies and feed", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, DESKTOP);
    const { recaps } = (await (await fetch(`${site.url}/api/recaps?q=New%20York%20Moment`)).json()) as {
      recaps: Array<{ id: number }>;
    };
    await page.goto(`/recap/${recaps[0]!.id}`);
    await hydrated(page);
    // Related reading under the recap: the episode on the same topics first, with what it shares.
    const related = page.getByRole("region", { name: "Related reading" });
    const first = related.getByRole("listitem").first();
    expect(await first.getByRole("link").innerText()).toContain("Tequila's New York moment");
    expect(await first.innerText()).toMatch(
      /Shares (?:Tequila|New York|On-Premise)(?:, (?:Tequila|New York|On-Premise)){2}/,
    );

    await page.getByRole("list", { name: "Tags" }).getByRole("link", { name: "Tequila", exact: true }).click();
    await page.waitForURL(/\/topics\/tequila$/);
    await page.getByRole("heading", { name: "Tequila", level: 1 }).waitFor();
    const items = page
      .getByRole("main")
      .getByRole("heading", { level: 2 })
      .filter({ hasNot: page.locator(".sr-only") });
    const titles = await items.allInnerTexts();
    expect(titles).toEqual(
      expect.arrayContaining([
        "Sample: Tequila's New York moment",
        "Tequila's New York Moment: Agave Keeps Climbing On-Premise",
      ]),
    );
    // The feed is offered on the page and to feed readers, and it answers with the topic's items.
    const feedHref = await page.getByRole("link", { name: "RSS feed for Tequila" }).getAttribute("href");
    expect(feedHref).toBe("/feeds/topics/tequila.xml");
    expect(await page.locator('link[rel="alternate"][href="/feeds/topics/tequila.xml"]').count()).toBe(1);
    const feed = await page.request.get(feedHref!);
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    expect(await feed.text()).toContain("<title>Episode: Sample: Tequila's New York moment</title>");
    // The companies its items name link to their profiles.
    const companies = page.getByRole("complementary", { name: "Companies most mentioned" });
    const company = companies.getByRole("link").first();
    await company.click();
    await page.waitForURL(/\/explorer\?company=\d+$/);
    await page.getByRole("dialog").waitFor();
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("indexes every topic, and a topic page is axe-clean and fits a phone", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE);
    await page.goto("/topics");
    await hydrated(page);
    await page.getByRole("heading", { name: "Topics", level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: /^New York/ }).click();
    await page.waitForURL(/\/topics\/new-york$/);
    await hydrated(page);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // An unknown topic says so.
    const res = await page.goto("/topics/not-a-topic-here");
    expect(res?.status()).toBe(404);
    await page.getByText("No recap or episode has this topic.").waitFor();
    expectNoUnexpectedErrors([/status of 404/]);
    await page.context().close();
  });
});
