import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectNoAxeViolations, hydrated, launchBrowser, openPage, PHONE } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const COMPANY_URL = "https://company.proofline.test/";
const LINKEDIN_URL = "https://www.linkedin.com/company/proofline-test";

const TOOLS = [
  {
    href: "/chat",
    title: "Ask Eddy",
    description: "Get instant answers about spirits market trends and industry insights.",
  },
  {
    href: "/recap",
    title: "Weekly News Recap",
    description: "Curated summaries of the most important spirits industry developments.",
  },
  {
    href: "/explorer",
    title: "Top Players",
    description: "Interactive database of major beverage alcohol manufacturers.",
  },
  {
    href: "/podcast",
    title: "Podcasts",
    description: "Audio content covering industry shifts and strategic insights.",
  },
];

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ...testDb.env, COMPANY_URL, LINKEDIN_URL })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

describe("home page", () => {
  it("shows the title, subtitle and the four tool cards with their exact texts and links", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe("Proofline Industry Intelligence Hub");
    expect(await page.locator("h1").innerText()).toBe("Proofline Industry Intelligence Hub");
    await expect(
      page.getByText("Advanced analytics and strategic insights for the spirits industry", { exact: true }).isVisible(),
    ).resolves.toBe(true);

    const cards = page.getByRole("list", { name: "Tools" }).getByRole("listitem");
    expect(await cards.count()).toBe(4);
    for (const [i, tool] of TOOLS.entries()) {
      const card = cards.nth(i);
      expect(await card.getByRole("heading", { level: 2 }).innerText()).toBe(tool.title);
      expect(await card.getByText(tool.description, { exact: true }).count()).toBe(1);
      const link = card.getByRole("link", { name: "Launch Tool" });
      // The card's title describes its link, so each "Launch Tool" is told apart by screen readers.
      expect(
        await link.evaluate((a) => document.getElementById(a.getAttribute("aria-describedby")!)?.textContent),
      ).toBe(tool.title);
      expect(await link.innerText()).toBe("Launch Tool");
      expect(await link.getAttribute("href")).toBe(tool.href);
      expect(await card.locator("svg").count()).toBeGreaterThan(0); // the icon
    }
    expect(await cards.nth(0).getByText("Coming Soon", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Coming Soon").count()).toBe(1);
    expectNoUnexpectedErrors();
  });

  it("lays the cards out in two columns on a desktop and one on a phone", async () => {
    const columns = async (viewport: typeof DESKTOP) => {
      const { page, context } = await openPage(browser, server.url, viewport);
      await page.goto("/");
      const lefts = await page
        .getByRole("list", { name: "Tools" })
        .getByRole("listitem")
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      await context.close();
      return new Set(lefts).size;
    };
    expect(await columns(DESKTOP)).toBe(2);
    expect(await columns(PHONE)).toBe(1);
  });

  it("is plain HTML: no scripts at all, and a card's link loads the tool's page, which then runs its own code", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/");
    expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    expect(scripts).toEqual([]);
    const card = page.getByRole("list", { name: "Tools" }).getByRole("listitem").filter({ hasText: "Top Players" });
    await card.getByRole("link", { name: "Launch Tool" }).click();
    await page.getByRole("heading", { level: 1, name: "Top Player Deep Dive" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/explorer");
    await hydrated(page);
    expectNoUnexpectedErrors();
  });

  it("offers the navigation on a phone behind a menu that needs no script", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE);
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await menu.isVisible()).toBe(false);
    await page.locator("summary[aria-label='Menu']").click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole("link").allInnerTexts()).toEqual(TOOLS.map((t) => t.title));
    await menu.getByRole("link", { name: "Podcasts" }).click();
    await page.getByRole("heading", { level: 1, name: "The Spirits Signal" }).waitFor();
    expectNoUnexpectedErrors();
  });
});

describe("shared layout", () => {
  it("has a sticky header with the logo linking home and the four navigation links on a desktop", async () => {
    const { page } = await openPage(browser, server.url, DESKTOP);
    await page.goto("/recap");
    const header = page.locator("body > header").first();
    expect(await header.evaluate((e) => getComputedStyle(e).position)).toBe("sticky");
    expect(await header.getByRole("link", { name: "Proofline home" }).getAttribute("href")).toBe("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    expect(await nav.isVisible()).toBe(true);
    const links = nav.getByRole("link");
    expect(await links.allInnerTexts()).toEqual(TOOLS.map((t) => t.title));
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual(TOOLS.map((t) => t.href));
    expect(await nav.getByRole("link", { name: "Weekly News Recap" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
  });

  it("hides the navigation on a phone and offers the same links behind a menu button", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE);
    await page.goto("/chat");
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(false);
    const button = page.getByRole("button", { name: "Open menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("navigation", { name: "Main menu" }).isVisible()).toBe(false);
    await button.click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("link").allInnerTexts()).toEqual(TOOLS.map((t) => t.title));
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Podcasts" }).click();
    await page.getByRole("heading", { level: 1, name: "The Spirits Signal" }).waitFor();
    await menu.waitFor({ state: "hidden" });
    // Nothing scrolls sideways on a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expectNoUnexpectedErrors();
  });

  it("has the footer's tagline, notice, tool links, Connect links in a new tab, and the 2024 copyright", async () => {
    const { page } = await openPage(browser, server.url);
    await page.goto("/");
    const footer = page.locator("footer");
    expect(
      await footer
        .getByText("Proofline helps brands set smarter metrics through advanced analytics and industry intelligence.")
        .isVisible(),
    ).toBe(true);
    expect(await footer.getByText("All insights are for informational use only", { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await footer.getByRole("heading", { name: "Intelligence Tools" }).isVisible()).toBe(true);
    const toolLinks = footer.locator("ul").first().getByRole("link");
    expect(await toolLinks.evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual(
      TOOLS.map((t) => t.href),
    );
    expect(await footer.getByRole("heading", { name: "Connect" }).isVisible()).toBe(true);
    for (const [name, href] of [
      ["Company website", COMPANY_URL],
      ["LinkedIn", LINKEDIN_URL],
    ] as const) {
      const link = footer.getByRole("link", { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute("href")).toBe(href);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    // The addresses themselves are not shown.
    const footerText = await footer.innerText();
    expect(footerText).not.toContain("proofline.test");
    expect(footerText).not.toContain("linkedin.com");
    expect(footerText).toContain("© 2024 Proofline");
  });
});

describe("not-found page", () => {
  it("answers 404, says so, logs the path to the console and links home", async () => {
    const { page, errors, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator("h1").innerText()).toBe("404");
    expect(await page.getByText("Oops! Page not found", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => errors.some((e) => e.includes("/no/such/page"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.getByRole("heading", { level: 1, name: "Proofline Industry Intelligence Hub" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expectNoUnexpectedErrors([
      /404 Error: User attempted to access non-existent route: \/no\/such\/page/,
      /status of 404/,
    ]);
  });
});

describe.each([
  ["/", "Proofline Industry Intelligence Hub"],
  ["/chat", "Ask Eddy | Proofline"],
  ["/recap", "Weekly Industry Recap | Proofline"],
  ["/recap/1", "Canned Cocktails Go Spirits-Based in More States | Proofline"],
  ["/explorer", "Top Player Deep Dive | Proofline"],
  ["/podcast", "The Spirits Signal | Proofline"],
  ["/missing-page", "Page not found | Proofline"],
])("page %s", (path, title) => {
  it("is server-rendered with its own title, description, Open Graph defaults, icons and manifest", async () => {
    const res = await fetch(`${server.url}${path}`);
    const html = await res.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain('<meta property="og:title"');
    const image = path === "/podcast" ? "podcast/artwork.jpg" : "og-default.png";
    expect(html).toContain(`<meta property="og:image" content="http://proofline.test/${image}"`);
    // The 404 page is one page for every path it answers (kept, not rendered per path): no address of its own.
    if (path === "/missing-page") expect(html).not.toContain('rel="canonical"');
    else expect(html).toContain(`<link rel="canonical" href="http://proofline.test${path}"`);
    expect(html).toMatch(/<link rel="manifest" href="\/site\.webmanifest"/);
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.svg"/);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
  });

  it("has no accessibility violations and no console errors, on a desktop and on a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, viewport);
      await page.goto(path);
      // Home has no scripts to hydrate (it is plain HTML).
      if (path !== "/") await hydrated(page);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expectNoUnexpectedErrors(path === "/missing-page" ? [/non-existent route/, /status of 404/] : []);
      await context.close();
    }
  });
});
