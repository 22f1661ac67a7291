// Site search (issue 26) as readers use it: from the header on a desktop and a phone, by
// keyboard alone, and without JavaScript; a transcript hit seeks the player to its second; a
// topic's result leads to its page and to following it (issue 42).
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { DESKTOP, expectNoAxeViolations, hydrated, browserAndSite, openPage, PHONE } from "../support/browser.ts";
import { startMailingSite, type MailingSite } from "../support/mailing-site.ts";
import type { RunningServer } from "../support/server.ts";

const site = browserAndSite();

/**
 * Taps (or clicks) the header's search and types at once, as a thumb does, while the page's code
 * may still be arriving; then waits until the box is alive and returns what the field holds.
 */
async function tapAndType(page: Page, text: string, how: "tap" | "click"): Promise<void> {
  const field = page.locator('header input[name="q"]');
  await field.waitFor();
  if (how === "tap") await field.tap();
  else await field.click();
  // About 50 ms a character: the island's code comes in the middle of the typing.
  await page.keyboard.type(text, { delay: 50 });
}

async function expectTypedAndFocused(page: Page, text: string): Promise<void> {
  // The combobox attached (its code came), and the field holds the text, the caret and the focus.
  const field = page.locator('header input[name="q"]');
  await expect
    .poll(
      () =>
        field.evaluate((el: HTMLInputElement) => ({
          combobox: el.getAttribute("role") === "combobox",
          value: el.value,
          focused: el === document.activeElement,
          caret: [el.selectionStart, el.selectionEnd],
        })),
      { timeout: 10_000 },
    )
    .toEqual({ combobox: true, value: text, focused: true, caret: [text.length, text.length] });
  // Suggestions are offered for what was typed.
  await page
    .getByRole("listbox")
    .getByRole("option", { name: `See all results for “${text}”` })
    .waitFor({ state: "attached" });
}

const SGWS = COMPANIES.find((c) => c.name === "Southern Glazer's Wine & Spirits")!;

describe("site search", () => {
  it("suggests as you type from the header on a desktop, by keyboard alone, and a transcript hit seeks the player", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, DESKTOP);
    await page.goto("/explorer");
    await hydrated(page);
    // Until the reader reaches for it the header holds the plain GET form; its combobox code comes with the first use.
    expect(await page.getByRole("searchbox", { name: "Search the hub" }).count()).toBe(1);
    // "/" brings the search into focus from anywhere that is not a text field.
    await page.locator("body").press("/");
    const box = page.getByRole("combobox", { name: "Search the hub" });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("single flavour packs");
    const list = page.getByRole("listbox");
    await list.waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const option = list.getByRole("option", { name: /RTD launches crowd the cooler/ });
    await option.waitFor();
    // The matched words are marked in the suggestion.
    expect(await option.locator("mark").first().innerText()).toBe("single flavour packs");
    await expectNoAxeViolations(page);

    await page.keyboard.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    expect(await option.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/podcast\?episode=\d+#episode-\d+&t=10$/);
    const id = Number(/episode=(\d+)/.exec(page.url())![1]);
    await page.waitForFunction(
      (id) => (document.querySelector(`#episode-${id} audio`) as HTMLAudioElement | null)?.currentTime === 10,
      id,
    );
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("opens with Ctrl+K on a phone, on a plain-HTML page with islands, and leads to a company's profile", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE);
    await page.goto("/recap/1");
    await hydrated(page);
    // A reader who only reads runs none of the search's code: it comes with the shortcut.
    expect(await page.locator('[data-island="site-search"][data-mounted]').count()).toBe(0);
    await page.keyboard.press("Control+k");
    const box = page.getByRole("combobox", { name: "Search the hub" });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("sgws");
    await page.locator('[data-island="site-search"][data-mounted]').waitFor({ state: "attached" });
    const option = page.getByRole("option", { name: new RegExp(SGWS.name) });
    await option.waitFor();
    // The list fits the phone's screen.
    const width = await page.getByRole("listbox").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(PHONE.width * 0.9);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    // Escape closes the suggestions and keeps the text; Down opens them again at the first option.
    await page.keyboard.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("sgws");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const active = await box.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${active}"]`).innerText()).toContain("See all results for “sgws”");
    await page.keyboard.press("ArrowUp");
    expect(await page.locator(`[id="${await box.getAttribute("aria-activedescendant")}"]`).innerText()).toContain(
      SGWS.name,
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/explorer\\?company=${SGWS.id}$`));
    await page.getByRole("dialog", { name: SGWS.name }).waitFor();
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("works without JavaScript: the header's form, the results page, its filters and paging", async () => {
    const context = await site.browser.newContext({ viewport: PHONE, baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    // Without a script it is a plain search field, not a combobox that could never open.
    const box = page.getByRole("searchbox", { name: "Search the hub" });
    await box.fill("sample");
    // The header form's own button (visually hidden; keyboard users reach it with Tab).
    await page.getByRole("button", { name: "Search the hub" }).press("Enter");
    await page.waitForURL(/\/search\?q=sample$/);
    await page.getByRole("heading", { name: "Search", level: 1 }).waitFor();
    const status = await page.getByRole("main").getByRole("status").innerText();
    expect(status.trim()).toMatch(/^\d+ results for “sample”: \d+ recaps, \d+ episodes$/);
    expect(await page.getByRole("heading", { name: /^Recaps \(\d+\)$/ }).count()).toBe(1);
    expect(await page.getByRole("main").locator("mark").first().innerText()).toMatch(/^sample$/i);

    // The page's own filters: episodes of one series, sent with the page's own Search button.
    await page.getByLabel("Show").selectOption("episode");
    await page.getByLabel("Series").selectOption("weekly");
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/kind=episode/);
    expect(new URL(page.url()).searchParams.get("series")).toBe("weekly");
    const details = await page
      .getByRole("heading", { name: /^Episodes/ })
      .locator("xpath=..")
      .locator("li")
      .allInnerTexts();
    expect(details.length).toBeGreaterThan(0);
    for (const d of details) expect(d).toContain("The Weekly Pour");
    expect(await page.getByRole("heading", { name: /^Recaps/ }).count()).toBe(0);

    // Bad input gets a message, not an error page.
    const short = await page.goto("/search?q=x");
    expect(short?.status()).toBe(200);
    await page.getByText("Type at least 2 characters to search.").waitFor();
    const long = await page.goto(`/search?q=${"y".repeat(1000)}`);
    expect(long?.status()).toBe(200);
    await page.getByText("Searches are limited to 200 characters.").waitFor();
    await page.goto("/search?q=zzzz-nothing-here");
    await page.getByText("Nothing in the hub matches “zzzz-nothing-here”.").waitFor();
    await context.close();
  });

  // Issue 37: the lazily loaded box replaced the server's 300-400 ms after the tap, and what was typed went to <body>.
  const PAGES = ["/recap/1", "/podcast", "/search?q=tequila", "/topics"];
  for (const path of PAGES) {
    it(`keeps every character typed at once after a tap on a phone, before and during hydration: ${path}`, async () => {
      for (const moment of ["commit", "load"] as const) {
        const context = await site.browser.newContext({
          viewport: PHONE,
          hasTouch: true,
          isMobile: true,
          baseURL: site.url,
          timezoneId: "America/New_York",
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (err) => errors.push(err.message));
        page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
        // "commit": the tap comes as soon as the field is drawn, before any script; "load": as the islands' code is fetched.
        const res = await page.goto(path, { waitUntil: moment });
        expect(res?.status()).toBe(200);
        const text = "bourbon barrel";
        await tapAndType(page, text, "tap");
        await expectTypedAndFocused(page, text);
        // The text goes on from the caret, and the reader can select and replace it.
        await page.keyboard.type(" proof");
        await page.keyboard.press("Shift+ArrowLeft");
        expect(await page.locator('header input[name="q"]').inputValue()).toBe(`${text} proof`);
        expect(errors, `${path} ${moment}`).toEqual([]);
        await context.close();
      }
    });
  }

  it("keeps what is typed after a click without hovering first on a desktop, on islands and hydrated pages", async () => {
    for (const path of ["/recap/1", "/topics", "/explorer"]) {
      const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, DESKTOP);
      await page.goto(path, { waitUntil: "load" });
      await tapAndType(page, "tequila", "click");
      await expectTypedAndFocused(page, "tequila");
      expectNoUnexpectedErrors();
      await page.context().close();
    }
  });

  it("is axe-clean with results on a phone", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(site.browser, site.url, PHONE);
    await page.goto("/search?q=tequila");
    await hydrated(page);
    await page.getByRole("heading", { name: /^Recaps/ }).waitFor();
    await expectNoAxeViolations(page);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  // The follow form needs mail to answer: this server has a mail sink, so the follow is answered as a reader sees it.
  describe("a topic's result", () => {
    let mailing: MailingSite;
    let server: RunningServer;
    beforeAll(async () => {
      mailing = await startMailingSite({ DIGEST_AUTO_SEND: "false" });
      server = mailing.server;
    });
    afterAll(async () => {
      await mailing?.stop();
    });

    /** A confirmation mail's subject to `address`, once the queue has sent it. */
    const confirmationTo = async (address: string) => (await mailing.sink.nextMailTo(address, 1)).subject;

    /** The Tequila topic's result: its own list item in the Topics section, with what it holds. */
    async function tequilaResult(page: Page): Promise<Locator> {
      const topics = page.getByRole("region", { name: /^Topics \(\d+\)$/ });
      const result = topics.getByRole("listitem").filter({ has: page.locator('a[href="/topics/tequila"]') });
      await result.waitFor();
      expect(await result.innerText()).toMatch(/Tequila\s+Topic\s+\d+ recaps?( · \d+ episodes?)?/);
      return result;
    }

    it("is found on a phone, leads to its page, and is followed by its own link and the form's button", async () => {
      const { page, context, expectNoUnexpectedErrors } = await openPage(site.browser, server.url, PHONE, {
        touch: true,
      });
      try {
        await page.goto("/search?q=tequila");
        await hydrated(page);
        // The topic comes first: the short answer, above the recaps that carry its tag.
        const status = await page.getByRole("main").getByRole("status").innerText();
        expect(status).toMatch(/results for “tequila”: 1 topic, /);
        const result = await tequilaResult(page);
        await expectNoAxeViolations(page);
        await Promise.all([
          page.waitForURL(/\/topics\/tequila$/),
          result.getByRole("link", { name: /^Tequila/ }).tap(),
        ]);
        await page.getByRole("heading", { name: "Tequila", level: 1 }).waitFor();
        await page.goBack();

        await Promise.all([
          page.waitForURL(/\/follow\?kind=topic&item=tequila$/),
          (await tequilaResult(page)).getByRole("link", { name: "Follow this topic" }).tap(),
        ]);
        const form = page.getByRole("region", { name: "Follow Tequila" });
        await form.getByLabel("Email address").tap();
        await page.keyboard.type("topic-search@example.com");
        await Promise.all([page.waitForURL(/\/follow$/), form.getByRole("button", { name: "Follow" }).tap()]);
        await page.getByRole("status").getByText("Check your inbox.").waitFor();
        expect(await page.getByRole("link", { name: "Back to Tequila" }).getAttribute("href")).toBe("/topics/tequila");
        expect(await confirmationTo("topic-search@example.com")).toBe("Confirm your address to follow on Proofline");
        await expectNoAxeViolations(page);
        expectNoUnexpectedErrors();
      } finally {
        await context.close();
      }
    });

    it("is followed the same way with JavaScript off, on a phone", async () => {
      const { page, context } = await openPage(site.browser, server.url, PHONE, { javaScriptEnabled: false });
      try {
        // The header's plain form leads to the results page.
        await page.goto("/topics");
        await page.getByRole("searchbox", { name: "Search the hub" }).fill("TEQUILA");
        await Promise.all([
          page.waitForURL(/\/search\?q=TEQUILA$/),
          page.getByRole("button", { name: "Search the hub" }).press("Enter"),
        ]);
        // The kind's own page lists the topics alone.
        await page
          .getByRole("navigation", { name: "Result kinds" })
          .getByRole("link", { name: /^Topics \(/ })
          .click();
        await page.waitForURL(/kind=topic/);
        expect(await page.getByRole("heading", { name: /^Recaps/ }).count()).toBe(0);
        const result = await tequilaResult(page);
        await Promise.all([
          page.waitForURL(/\/follow\?kind=topic&item=tequila$/),
          result.getByRole("link", { name: "Follow this topic" }).click(),
        ]);
        const form = page.getByRole("region", { name: "Follow Tequila" });
        await form.getByLabel("Email address").fill("plain-topic-search@example.com");
        await Promise.all([page.waitForURL(/\/follow$/), form.getByRole("button", { name: "Follow" }).click()]);
        await page.getByText("Check your inbox.").waitFor();
        expect(await confirmationTo("plain-topic-search@example.com")).toBe(
          "Confirm your address to follow on Proofline",
        );
      } finally {
        await context.close();
      }
    });
  });
});
