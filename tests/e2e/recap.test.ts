import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import type { Recap } from "#server/data/recaps.server.ts";
import { DESKTOP, holdPageClock, hydrated, launchBrowser, openHydrated, openPage, PHONE } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { gate, isRouteData } from "../support/gate.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";
import { testNow } from "../support/clock.ts";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;
let db: Database;
/** The demo recaps as the API lists them, newest first. */
let recaps: Recap[];

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, COMMENT_RATE_PER_MINUTE: "1000", COMMENT_RATE_PER_DAY: "1000" }),
  ]);
  db = openDatabase({ databaseUrl: undefined, dataDir: testDb.dataDir });
  recaps = ((await (await fetch(`${server.url}/api/recaps`)).json()) as { recaps: Recap[] }).recaps;
});
afterAll(async () => {
  await db?.close();
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

const byDate = (date: string) => recaps.find((r) => r.date === date)!;
const listItems = (page: Page) => page.getByRole("navigation", { name: "All Recaps" }).getByRole("link");
const readerHeading = (page: Page) =>
  page.getByRole("region", { name: "Selected recap" }).getByRole("heading", { level: 2 }).first();
const search = (page: Page) => page.getByRole("searchbox", { name: "Search summaries" });
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

describe("/recap: list and reader", () => {
  it("shows the header, the search box, every recap newest first, and reads the first one", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    await page.getByRole("heading", { level: 1, name: "Weekly Industry Recap" }).waitFor();
    await page
      .getByText("Curated weekly summaries of the most important spirits industry news and developments")
      .waitFor();
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(await search(page).getAttribute("placeholder")).toBe("Search summaries...");
    await page.getByRole("heading", { level: 2, name: "All Recaps" }).waitFor();

    const items = listItems(page);
    expect(await items.count()).toBe(recaps.length);
    const texts = await items.allInnerTexts();
    texts.forEach((text, i) => {
      expect(text).toContain(longDate(recaps[i]!.date));
      expect(text).toContain(recaps[i]!.headline);
    });
    // Nothing chosen: the first is selected and read.
    expect(await items.first().getAttribute("aria-current")).toBe("true");
    expect(await readerHeading(page).innerText()).toBe(recaps[0]!.headline);

    const reader = page.getByRole("region", { name: "Selected recap" });
    expect(await reader.locator("time").first().innerText()).toBe(longDate(recaps[0]!.date));
    expect(await reader.getByRole("list", { name: "Tags" }).getByRole("listitem").allInnerTexts()).toEqual(
      recaps[0]!.tags,
    );
    // The demo's recaps are sample content: a mark beside the tags, not one of them (issue 37).
    expect(recaps[0]!.sample).toBe(true);
    expect(await reader.locator("[data-sample-mark]").innerText()).toMatch(/^Sample content/);
    expect(
      await reader.getByRole("img", { name: `Illustration for “${recaps[0]!.headline}”` }).getAttribute("src"),
    ).toBe(recaps[0]!.blog_image_url);
    expect(await reader.locator("blockquote").first().innerText()).toBe(`“${recaps[0]!.snippets}”`);
    // The body is formatted markdown: headings, lists, a table.
    expect(await reader.locator(".markdown-content h2").count()).toBeGreaterThan(0);
    expect(await reader.locator(".markdown-content ul li").count()).toBeGreaterThan(0);
    await reader.getByRole("region", { name: "Table" }).waitFor();
    await reader.getByRole("heading", { name: /^Comments/ }).waitFor();
    expectNoUnexpectedErrors();
  });

  it("cuts the snippet excerpt to exactly 350 characters followed by ...", async () => {
    const file = fs.readdirSync(path.join(ROOT, "content/recaps")).find((f) => f.startsWith("2026-10-30"))!;
    const snippet = String(matter(fs.readFileSync(path.join(ROOT, "content/recaps", file), "utf8")).data.snippets);
    expect(snippet.length).toBeGreaterThan(350);
    const recap = byDate("2026-10-30");
    const { page } = await openPage(browser, server.url);
    await page.goto(`/recap?id=${recap.id}`);
    const quote = await page.getByRole("region", { name: "Selected recap" }).locator("blockquote").first().innerText();
    expect(quote).toBe(`“${snippet.slice(0, 350)}...”`);
  });

  it("selects a recap on click, reflects it in the URL, and keeps it on reload", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    const third = recaps[2]!;
    await listItems(page).nth(2).click();
    await page.waitForURL(`**/recap?id=${third.id}`);
    await page.getByRole("heading", { level: 2, name: third.headline }).waitFor();
    expect(await listItems(page).nth(2).getAttribute("aria-current")).toBe("true");
    await page.reload();
    await hydrated(page);
    expect(await readerHeading(page).innerText()).toBe(third.headline);
    expect(await listItems(page).nth(2).getAttribute("aria-current")).toBe("true");
    expectNoUnexpectedErrors();
  });

  it("searches as the visitor types, with one request per pause, and puts the search in the URL", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (isRouteData(new URL(r.url()))) dataRequests.push(r.url());
    });
    // The page's clock is stepped by hand: 100 ms between keys, whatever the machine's load.
    await holdPageClock(page);
    for (const key of "TEQUILA") {
      await search(page).press(key);
      await page.clock.runFor(100);
    }
    await page.clock.runFor(300);
    await page.clock.resume();
    await page.waitForURL("**/recap?q=TEQUILA");
    const expected = ((await (await fetch(`${server.url}/api/recaps?q=tequila`)).json()) as { recaps: Recap[] }).recaps;
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(recaps.length);
    await page.waitForFunction(
      (n) => document.querySelectorAll('nav[aria-labelledby="all-recaps"] a').length === n,
      expected.length,
    );
    expect((await listItems(page).allInnerTexts()).map((t) => t.split("\n").at(-1))).toEqual(
      expected.map((r) => r.headline),
    );
    expect(dataRequests).toHaveLength(1);
    // The first match is selected.
    expect(await readerHeading(page).innerText()).toBe(expected[0]!.headline);
    expect(await listItems(page).first().getAttribute("aria-current")).toBe("true");

    // Clearing the box brings every recap back and the URL back to /recap.
    await search(page).fill("");
    await page.waitForURL((url) => url.pathname === "/recap" && url.search === "");
    await page.waitForFunction(
      (n) => document.querySelectorAll('nav[aria-labelledby="all-recaps"] a').length === n,
      recaps.length,
    );
    expectNoUnexpectedErrors();
  });

  it("says so when nothing matches, and asks the visitor to pick a recap", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    await search(page).fill("no recap says this");
    await page.getByText("No summaries found matching your search.").waitFor();
    await page.getByText("Select a recap from the list to read the full content.").waitFor();
    expect(await listItems(page).count()).toBe(0);
    expectNoUnexpectedErrors();
  });

  it("serves a shared search link fully rendered, even without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    await page.goto("/recap?q=tequila");
    expect(await search(page).inputValue()).toBe("tequila");
    const headlines = await listItems(page).allInnerTexts();
    expect(headlines.length).toBeGreaterThan(0);
    expect(headlines.length).toBeLessThan(recaps.length);
    // Submitting the form works as a plain GET too.
    await search(page).fill("bourbon");
    await search(page).press("Enter");
    await page.waitForURL("**/recap?q=bourbon");
    expect(await readerHeading(page).innerText()).toBe(byDate("2026-10-16").headline);
    await context.close();
  });

  it("shows 'Loading weekly summaries...' while a search is on its way", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    const held = await gate(page, isRouteData);
    await search(page).fill("bourbon");
    await page.getByText("Loading weekly summaries...").waitFor();
    held.open();
    await page.getByText("Loading weekly summaries...").waitFor({ state: "detached" });
    expect(await listItems(page).count()).toBe(1);
    expectNoUnexpectedErrors();
  });

  it("shows 'Loading weekly summaries...' while the page itself loads after a click from elsewhere", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    const held = await gate(page, isRouteData);
    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "Weekly News Recap" })
      .click();
    await page.getByText("Loading weekly summaries...").waitFor();
    held.open();
    await page.getByRole("heading", { level: 2, name: recaps[0]!.headline }).waitFor();
    expectNoUnexpectedErrors();
  });

  it("on a phone, shows the list first and brings the reader into view after a pick", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap", PHONE);
    const listTop = (await page.getByRole("heading", { name: "All Recaps" }).boundingBox())!.y;
    const readerTop = (await readerHeading(page).boundingBox())!.y;
    expect(listTop).toBeLessThan(readerTop);
    expect(await page.getByRole("link", { name: "Back to Home" }).isVisible()).toBe(true);

    const pick = recaps[3]!;
    await listItems(page).nth(3).click();
    const heading = page.getByRole("heading", { level: 2, name: pick.headline });
    await heading.waitFor();
    await page.waitForFunction((text) => {
      const h = [...document.querySelectorAll("h2")].find((e) => e.textContent === text);
      const top = h?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight;
    }, pick.headline);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expectNoUnexpectedErrors();
  });
});

describe("/recap/:id: the detail page", () => {
  it("shows the recap with its pull-quote, tags, formatted body and the way back", async () => {
    const recap = recaps[0]!;
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    const response = await page.goto(`/recap/${recap.id}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const article = page.getByRole("article");
    await article.getByRole("heading", { level: 1, name: recap.headline }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Weekly Recap" }).getAttribute("href")).toBe("/recap");
    expect(await article.locator("time").first().getAttribute("datetime")).toBe(recap.date);
    expect(await article.locator("time").first().innerText()).toBe(longDate(recap.date));
    expect(await article.getByRole("list", { name: "Tags" }).getByRole("listitem").allInnerTexts()).toEqual(recap.tags);
    const quote = article.locator("blockquote").first();
    expect(await quote.innerText()).toBe(recap.snippets);
    expect(await quote.evaluate((e) => getComputedStyle(e).fontStyle)).toBe("italic");
    const body = article.locator(".markdown-content");
    expect(await body.locator("h2").count()).toBeGreaterThan(0);
    expect(await body.locator("h3").count()).toBeGreaterThan(0);
    expect(await body.locator("strong").count()).toBeGreaterThan(0);
    expect(await body.locator("ol li").count()).toBeGreaterThan(0);
    expect(await body.locator("p").count()).toBeGreaterThan(0);
    await article.getByRole("heading", { name: /^Comments \(\d+\)$/ }).waitFor();

    await page.getByRole("link", { name: "All Weekly Recaps" }).click();
    await page.getByRole("heading", { level: 1, name: "Weekly Industry Recap" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/recap");
    expectNoUnexpectedErrors();
  });

  it("copies the recap's link", async () => {
    const recap = recaps[1]!;
    const { page, context } = await openPage(browser, server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto(`/recap/${recap.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://proofline.test/recap/${recap.id}`);
  });

  it("copies the link when the press wakes the button and its code comes before the release", async () => {
    // Were React to put its button in place of the server's under the press, the browser would send
    // the release's click to neither (a slow tap, a busy machine): the press would be lost.
    const recap = recaps[1]!;
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const code = await gate(page, (url) => url.pathname.includes("/mount-island"));
    await page.goto(`/recap/${recap.id}`);
    // Only the islands script: the islands' own code is held at the gate.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const button = page.getByRole("button", { name: "Copy link" });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    code.open();
    // The islands' code has run (its toast area is drawn), and had time to draw the button.
    await page.locator('section[aria-label^="Notifications"]').waitFor({ state: "attached" });
    await page.waitForTimeout(300);
    expect(await page.locator('[data-island="copy-link"][data-mounted]').count()).toBe(0);
    await page.mouse.up();
    await page.getByText("Link copied").waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://proofline.test/recap/${recap.id}`);
    await page.locator('[data-island="copy-link"][data-mounted]').waitFor({ state: "attached" });
    expectNoUnexpectedErrors();
  });

  it("runs no framework code for a reader who only reads: the comments come alive as they near the screen, a click on Copy link before its code is kept", async () => {
    const recap = recaps[2]!;
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/recap/${recap.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    expect(scripts.some((s) => s.includes("islands-entry"))).toBe(true);
    expect(scripts.filter((s) => s.includes("mount-island"))).toEqual([]);
    expect(await page.locator("[data-island][data-mounted]").count()).toBe(0);

    await page.getByRole("region", { name: /^Comments/ }).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => document.querySelector('[data-island="comments"]')?.getAttribute("data-mounted") === "true",
    );
    expect(scripts.filter((s) => s.includes("mount-island"))).toHaveLength(1);
    await page.getByRole("heading", { name: /^Comments \(\d+\)$/ }).waitFor();

    // The copy button's code comes only when it is used; the first press still copies.
    expect(await page.locator('[data-island="copy-link"][data-mounted]').count()).toBe(0);
    await page.getByRole("button", { name: "Copy link" }).dispatchEvent("click");
    await page.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://proofline.test/recap/${recap.id}`);
    expectNoUnexpectedErrors();
  });

  it("answers 404 with 'Summary Not Found' for an unknown id, with a way back to the list", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    const response = await page.goto("/recap/999999");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Summary Not Found" }).waitFor();
    await page.getByText("The requested summary could not be found.").waitFor();
    await page.getByRole("link", { name: "Back to Recap" }).click();
    await page.getByRole("heading", { level: 1, name: "Weekly Industry Recap" }).waitFor();
    expectNoUnexpectedErrors([/status of 404/]);
  });

  it("shows 'Summary Not Found' when the load fails", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    await page.route(
      (url) => isRouteData(url) && url.pathname.startsWith("/recap/"),
      (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await page.getByRole("link", { name: "Open as a page" }).click();
    await page.getByRole("heading", { level: 1, name: "Summary Not Found" }).waitFor();
    await page.getByText("The requested summary could not be found.").waitFor();
    expectNoUnexpectedErrors([/status of 502/]);
  });

  it("shows a skeleton while the recap loads", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/recap");
    const held = await gate(page, (url) => isRouteData(url) && url.pathname.startsWith("/recap/"));
    await page.getByRole("link", { name: "Open as a page" }).click();
    await page.getByRole("status", { name: "Loading recap" }).waitFor();
    held.open();
    await page.getByRole("heading", { level: 1, name: recaps[0]!.headline }).waitFor();
    expect(await page.getByRole("status", { name: "Loading recap" }).count()).toBe(0);
    expectNoUnexpectedErrors();
  });
});

describe("comments on a recap", () => {
  const commentsOf = (page: Page) => page.getByRole("region", { name: /^Comments/ });
  const nameField = (page: Page) => page.getByRole("textbox", { name: "Name" });
  const commentField = (page: Page) => page.getByRole("textbox", { name: "Comment" });
  const isCommentsApi = (url: URL) => /^\/api\/recaps\/\d+\/comments$/.test(url.pathname);
  /** Answers the page's `method` requests to the comments API with `status` and `{"error": error}`. */
  const answerCommentsApi = (
    page: Page,
    method: "GET" | "POST",
    status: number,
    error: string,
    headers: Record<string, string> = {},
  ) =>
    page.route(isCommentsApi, (route) =>
      route.request().method() === method
        ? route.fulfill({ status, headers, contentType: "application/json", body: JSON.stringify({ error }) })
        : route.fallback(),
    );

  const insertComment = (recapId: number, author: string, text: string, ageMs: number) =>
    db.db
      .insertInto("recap_comments")
      .values({
        id: crypto.randomUUID(),
        recap_id: recapId,
        author_name: author,
        comment_text: text,
        client_address: null,
        created_at: new Date(testNow().getTime() - ageMs).toISOString(),
      })
      .execute();

  it("shows 'Loading comments...', then the empty text, and marks both fields required with a 4-row textarea of at least 80 px", async () => {
    const recap = byDate("2026-09-25");
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    const held = await gate(page, (url, r) => isCommentsApi(url) && r.method() === "GET");
    await page.goto(`/recap/${recap.id}`);
    await hydrated(page);
    await page.getByText("Loading comments...").waitFor();
    held.open();
    await page.getByText("No comments yet. Be the first to share your thoughts!").waitFor();
    await commentsOf(page).getByRole("heading", { name: "Comments (0)" }).waitFor();
    expect(await nameField(page).getAttribute("required")).not.toBeNull();
    expect(await commentField(page).getAttribute("required")).not.toBeNull();
    expect(await commentField(page).getAttribute("rows")).toBe("4");
    expect(await commentField(page).evaluate((e) => getComputedStyle(e).minHeight)).toBe("80px");
    expectNoUnexpectedErrors();
  });

  it("lists comments oldest first with relative times", async () => {
    const recap = byDate("2026-10-02");
    await insertComment(recap.id, "Older", "Posted three days ago", 3 * 24 * 60 * 60 * 1000 + 60_000);
    await insertComment(recap.id, "Newer", "Posted two hours ago", 2 * 60 * 60 * 1000);
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/recap/${recap.id}`);
    const items = commentsOf(page).getByRole("listitem");
    await commentsOf(page).getByRole("heading", { name: "Comments (2)" }).waitFor();
    expect(await items.nth(0).innerText()).toMatch(/^Older\n+3 days ago\n+Posted three days ago$/);
    expect(await items.nth(1).innerText()).toMatch(/^Newer\n+about 2 hours ago\n+Posted two hours ago$/);
    expectNoUnexpectedErrors();
  });

  it("shows 20 comments of a long list with the true count, then 'Show more comments' until all are shown; a new one appears at the end", async () => {
    const recap = byDate("2026-09-18");
    for (let i = 0; i < 45; i++)
      await insertComment(recap.id, `Reader ${i}`, `Comment number ${i}`, (50 - i) * 60 * 60 * 1000);
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/recap/${recap.id}`);
    const items = commentsOf(page).getByRole("listitem");
    await commentsOf(page).getByRole("heading", { name: "Comments (45)" }).waitFor();
    expect(await items.count()).toBe(20);
    expect(await items.first().innerText()).toContain("Comment number 0");
    const more = commentsOf(page).getByRole("button", { name: "Show more comments" });
    await more.click();
    await page.waitForFunction(() => document.querySelectorAll("section[aria-labelledby] ol li").length === 40);
    await more.click();
    await page.waitForFunction(() => document.querySelectorAll("section[aria-labelledby] ol li").length === 45);
    await more.waitFor({ state: "detached" });
    expect((await items.allInnerTexts()).map((t) => t.split("\n").at(-1))).toEqual(
      Array.from({ length: 45 }, (_, i) => `Comment number ${i}`),
    );

    // Posting refreshes the list to its first page; the new comment, last in this order, is shown at the end.
    await page.reload();
    await hydrated(page);
    await commentsOf(page).getByRole("heading", { name: "Comments (45)" }).waitFor();
    await nameField(page).fill("Latecomer");
    await commentField(page).fill("The newest word");
    await commentsOf(page).getByRole("button", { name: "Post Comment" }).click();
    await commentsOf(page).getByRole("heading", { name: "Comments (46)" }).waitFor();
    expect(await items.count()).toBe(21);
    expect(await items.last().innerText()).toContain("The newest word");
    expectNoUnexpectedErrors();
  });

  it("refuses blank fields with a toast and sends nothing", async () => {
    const recap = byDate("2026-10-09");
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/recap/${recap.id}`);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await nameField(page).fill("   ");
    await commentField(page).fill("A thought");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.getByText("Please fill in all fields").waitFor();
    await page.getByText("Both name and comment are required.").waitFor();
    expect(posts).toEqual([]);
    expectNoUnexpectedErrors();
  });

  it("posts: 'Posting...' with the fields disabled, then a success toast, the text cleared, the name kept and remembered, the list refreshed", async () => {
    const recap = byDate("2026-10-23");
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/recap/${recap.id}`);
    await page.getByText("No comments yet. Be the first to share your thoughts!").waitFor();
    await nameField(page).fill("Morgan Lee");
    await commentField(page).fill("Consolidation is the story of the year.\nAgreed on the route-to-market point.");
    const held = await gate(page, (url, r) => isCommentsApi(url) && r.method() === "POST");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.getByRole("button", { name: "Posting..." }).waitFor();
    expect(await nameField(page).isDisabled()).toBe(true);
    expect(await commentField(page).isDisabled()).toBe(true);
    held.open();
    await page.getByText("Comment posted!").waitFor();
    await page.getByText("Your comment has been added successfully.").waitFor();
    await commentsOf(page).getByRole("heading", { name: "Comments (1)" }).waitFor();
    expect(await commentField(page).inputValue()).toBe("");
    expect(await nameField(page).inputValue()).toBe("Morgan Lee");
    const item = commentsOf(page).getByRole("listitem").first();
    expect(await item.innerText()).toContain(
      "Consolidation is the story of the year.\nAgreed on the route-to-market point.",
    );
    expect(await item.innerText()).toContain("less than a minute ago");

    // A second comment comes after the first; the remembered name is prefilled after a reload.
    await commentField(page).fill("And one more.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await commentsOf(page).getByRole("heading", { name: "Comments (2)" }).waitFor();
    expect((await commentsOf(page).getByRole("listitem").allInnerTexts()).map((t) => t.split("\n").at(-1))).toEqual([
      "Agreed on the route-to-market point.",
      "And one more.",
    ]);
    await page.reload();
    await hydrated(page);
    // The comments block runs its code just after the page's: the remembered name appears then.
    await expect.poll(() => nameField(page).inputValue()).toBe("Morgan Lee");
    expectNoUnexpectedErrors();
  });

  it("shows the comment as text, never as markup", async () => {
    const recap = byDate("2026-11-06");
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/recap/${recap.id}`);
    await nameField(page).fill("<b>Bold</b>");
    await commentField(page).fill('<img src=x onerror="window.pwned=1">');
    await page.getByRole("button", { name: "Post Comment" }).click();
    await commentsOf(page).getByRole("heading", { name: "Comments (1)" }).waitFor();
    expect(await commentsOf(page).getByRole("listitem").first().innerText()).toContain(
      '<img src=x onerror="window.pwned=1">',
    );
    expect(await commentsOf(page).locator("li img, li b").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expectNoUnexpectedErrors();
  });

  it("shows a destructive toast when posting fails, and the server's message when it refuses", async () => {
    const recap = byDate("2026-11-13");
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, `/recap/${recap.id}`);
    await answerCommentsApi(page, "POST", 500, "Internal server error");
    await nameField(page).fill("Sam");
    await commentField(page).fill("Will this work?");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Error posting comment" });
    await toast.waitFor();
    expect(await toast.innerText()).toContain("Please try again.");
    expect(await toast.getAttribute("data-type")).toBe("error");
    // The text stays for another try.
    expect(await commentField(page).inputValue()).toBe("Will this work?");

    await page.unrouteAll({ behavior: "wait" });
    await answerCommentsApi(page, "POST", 429, "You are commenting too fast. Please wait 42 seconds and try again.", {
      "Retry-After": "42",
    });
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.getByText("You are commenting too fast. Please wait 42 seconds and try again.").waitFor();
    expectNoUnexpectedErrors([/status of 500/, /status of 429/]);
  });

  it("keeps the article readable when the comments cannot be loaded", async () => {
    const recap = byDate("2026-11-20");
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await answerCommentsApi(page, "GET", 500, "Internal server error");
    await page.goto(`/recap/${recap.id}`);
    await hydrated(page);
    await page.getByText("Comments could not be loaded.").waitFor();
    expect(await page.getByRole("heading", { level: 1, name: recap.headline }).isVisible()).toBe(true);
    await page.unrouteAll({ behavior: "wait" });
    await page.getByRole("button", { name: "Try again" }).click();
    await commentsOf(page)
      .getByRole("heading", { name: /^Comments \(\d+\)$/ })
      .waitFor();
    expectNoUnexpectedErrors([/status of 500/]);
  });
});

describe("layout", () => {
  it("fits a phone without sideways scrolling on the detail page, tables scrolling in their own box", async () => {
    const { page } = await openHydrated(browser, server.url, `/recap/${recaps[0]!.id}`, PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const table = page.getByRole("region", { name: "Table" });
    expect(await table.evaluate((e) => getComputedStyle(e).overflowX)).toBe("auto");
  });

  it("uses the desktop two-pane layout", async () => {
    const { page } = await openPage(browser, server.url, DESKTOP);
    await page.goto("/recap");
    const list = (await page.getByRole("complementary", { name: "Recaps" }).boundingBox())!;
    const reader = (await page.getByRole("region", { name: "Selected recap" }).boundingBox())!;
    expect(list.x + list.width).toBeLessThanOrEqual(reader.x);
  });
});
