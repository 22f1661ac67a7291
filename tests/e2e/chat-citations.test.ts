import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { BROWSER_TIME_ZONE, hydrated, launchBrowser, openHydrated, type WatchedPage } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Issue 37, points 5, 6 and 8: a citation on every claim, as a reader sees it. A company fact's
// number shows the profile's sentence; a recap section's number lands on that section; an episode
// in the list of sources carries its numbers and its second; on a phone a citation's passage stays
// on the screen; a verdict chosen by keyboard leaves the focus somewhere.

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, CHAT_RATE_PER_MINUTE: "1000" }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const answer = (page: Page) => log(page).locator("li").filter({ hasText: "Assistant:" }).last();
const citations = (page: Page) => answer(page).getByRole("link", { name: /^Source \d+: / });
const tipOf = async (page: Page, citation: Locator) =>
  page.locator(`[id="${(await citation.getAttribute("aria-describedby"))!}"]`);

/** Types a question as a reader does and waits for the answer's first numbered citation. */
async function ask(page: Page, question: string) {
  const field = page.getByRole("textbox", { name: "Your question" });
  await field.fill(question);
  await field.press("Enter");
  await citations(page).first().waitFor();
}

/** Focuses a citation from the keyboard's side and waits for its passage, loaded. */
async function focusShowing(page: Page, citation: Locator): Promise<Locator> {
  await citation.focus();
  const tip = await tipOf(page, citation);
  await expect.poll(() => tip.isVisible()).toBe(true);
  await expect.poll(() => tip.innerText()).not.toContain("Loading the passage");
  return tip;
}

describe("numbered citations, as a reader sees them", () => {
  it("numbers a company fact, and its number shows the profile's sentence that states it", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    const sazerac = COMPANIES.find((c) => c.name === "Sazerac Company")!;
    await ask(page, "Who owns Buffalo Trace?");
    const owner = answer(page).getByRole("link", { name: /^Source \d+: Sazerac Company: Owner$/ });
    expect(await owner.getAttribute("href")).toBe(`/explorer?company=${sazerac.id}`);
    const tip = await focusShowing(page, owner);
    expect(await tip.innerText()).toContain("Sazerac Company: Owner");
    expect(await tip.innerText()).toContain(`Ownership: ${sazerac.ownership}`);
    // The brand's own number shows the brands the profile lists, with it.
    const brands = answer(page).getByRole("link", { name: /^Source \d+: Sazerac Company: Key brands$/ });
    expect(await (await focusShowing(page, brands)).innerText()).toContain("Buffalo Trace");
    // The list of sources carries the numbers that cite the profile.
    expect(await answer(page).getByRole("listitem").filter({ hasText: "VinePair" }).innerText()).toMatch(
      /^\[1, 2, 3, 4\] Sazerac Company:/,
    );
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("lands a recap section's citation on its heading, followed from the answer or loaded afresh", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await ask(page, "What's trending in tequila in New York?");
    const cited = answer(page).locator('a[href^="/recap/"][href*="#"][aria-label^="Source "]').first();
    const href = (await cited.getAttribute("href"))!;
    expect(href).toMatch(/^\/recap\/\d+#[a-z0-9-]+$/);
    const id = href.split("#")[1]!;
    const heading = (await cited.getAttribute("aria-label"))!.replace(/^Source \d+: .*: /, "");

    const onScreen = async (p: Page) => {
      const target = p.locator(`[id="${id}"]`);
      await target.waitFor();
      expect(await target.evaluate((el) => el.tagName)).toMatch(/^H[23]$/);
      expect(await target.innerText()).toBe(heading);
      // On screen, below the sticky site header, with the section's first words.
      await expect
        .poll(() =>
          target.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const header = document.querySelector("header")!.getBoundingClientRect();
            const words = el.nextElementSibling!.getBoundingClientRect();
            return box.top >= header.bottom && words.top < window.innerHeight;
          }),
        )
        .toBe(true);
      // The page's ids stay unique with the headings' own.
      expect(
        await p.evaluate(() => {
          const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
          return ids.filter((x, i) => ids.indexOf(x) !== i);
        }),
      ).toEqual([]);
    };

    await cited.click();
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);
    await onScreen(page);

    const fresh = await page.context().newPage();
    const response = await fresh.goto(href);
    expect(response?.status()).toBe(200);
    await hydrated(fresh);
    await onScreen(fresh);
    // The recap reader gives the same headings the same ids.
    const recapId = /^\/recap\/(\d+)/.exec(href)![1]!;
    expect((await fresh.goto(`/recap?id=${recapId}`))?.status()).toBe(200);
    expect(await fresh.locator(`[id="${id}"]`).innerText()).toBe(heading);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("numbers an episode in the list of sources and links it to the second its inline number cites", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await ask(page, "did the weekly pour call the premium slowdown a reset or a collapse?");
    const moment = answer(page).locator('a[href*="&t="][aria-label^="Source "]').first();
    const href = (await moment.getAttribute("href"))!;
    expect(href).toMatch(/^\/podcast\?episode=\d+#episode-\d+&t=17$/);
    const n = (await moment.innerText()).replace(/[[\]]/g, "");
    const listed = answer(page)
      .getByRole("listitem")
      .filter({ has: page.locator(`a[href="${href}"]:not([aria-label])`) });
    expect(await listed.count()).toBe(1);
    expect(await listed.innerText()).toMatch(
      new RegExp(`^\\[(?:\\d+, )*${n}(?:, \\d+)*\\] Reading the premium slowdown`),
    );
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});

/** A phone as a thumb holds it: 390 × 844, touch, a mobile viewport, in a reader's time zone. */
async function openPhone(path: string): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
    baseURL: server.url,
    timezoneId: BROWSER_TIME_ZONE,
    locale: "en-US",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  await page.goto(path);
  await hydrated(page);
  return {
    page,
    context,
    errors,
    expectNoUnexpectedErrors: () => expect(errors, "unexpected console errors").toEqual([]),
  };
}

/** Each citation's passage, focused in turn, that runs past the screen's edges (0 to 390 px). */
async function tipsOffScreen(page: Page, cited: Locator): Promise<string[]> {
  const count = await cited.count();
  expect(count).toBeGreaterThan(3);
  const outside: string[] = [];
  for (let i = 0; i < count; i++) {
    const citation = cited.nth(i);
    const tip = await focusShowing(page, citation);
    const box = (await tip.boundingBox())!;
    if (box.x < 0 || box.x + box.width > 390)
      outside.push(`${await citation.innerText()}: ${Math.round(box.x)} to ${Math.round(box.x + box.width)}`);
  }
  return outside;
}

describe("on a phone", () => {
  it("keeps every focused citation's passage inside the screen, on the chat page and shared", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPhone("/chat");
    await ask(page, "What's trending in tequila in New York?");
    expect(await tipsOffScreen(page, citations(page))).toEqual([]);

    // The read-only copy draws the same citations as plain HTML; the islands' script places them.
    await page.getByRole("button", { name: "Share a read-only link" }).click();
    const link = page.getByLabel("Link to the shared conversation");
    await link.waitFor();
    const shared = await context.newPage();
    expect((await shared.goto(new URL(await link.inputValue()).pathname))?.status()).toBe(200);
    await hydrated(shared);
    expect(await tipsOffScreen(shared, shared.getByRole("link", { name: /^Source \d+: / }))).toEqual([]);
    expectNoUnexpectedErrors();
    await context.close();
  });
});

describe("a verdict chosen by keyboard", () => {
  it("keeps the focus on the form it opens, then on the thanks", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await ask(page, "Who owns Buffalo Trace?");
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el === document.body || !el ? "body" : (el.getAttribute("aria-label") ?? el.textContent ?? el.tagName);
      });
    await answer(page).getByRole("button", { name: "Helpful", exact: true }).focus();
    await page.keyboard.press("Enter");
    await answer(page).getByLabel("What helped? (optional)").waitFor();
    expect(
      await answer(page)
        .getByLabel("What helped? (optional)")
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.type("The owner, with its source");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chat/feedback"),
      page.keyboard.press("Enter"),
    ]);
    expect(response.status()).toBe(201);
    const thanks = answer(page).getByText("Thanks for your feedback.");
    await thanks.waitFor();
    await expect.poll(focused).toBe("Thanks for your feedback.");
    // Tab goes on from there, to what follows the answer, not back to the top of the page.
    await page.keyboard.press("Tab");
    expect(await focused()).not.toBe("body");
    expect(await page.evaluate(() => document.activeElement?.closest("header") === null)).toBe(true);
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});
