import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, hydrated, launchBrowser, openHydrated } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { browserContext, signedInContexts } from "../support/site-content.ts";

// Issue 25: answers a reader can check and pass on. Numbered citations that show
// their passage on hover or focus, a read-only shared copy of a conversation
// (opened in a fresh browser, removed by its asker), and feedback the desk lists.

const TOKEN = "chat-sharing-admin-token-0123456789";
let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, CHAT_RATE_PER_MINUTE: "1000" }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

const QUESTION = "What's trending in tequila in New York?";
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const answer = (page: Page) => log(page).locator("li").filter({ hasText: "Assistant:" }).last();

async function ask(page: Page) {
  await page.getByRole("button", { name: QUESTION }).click();
  await answer(page)
    .getByRole("link", { name: /^Source 1: / })
    .waitFor();
}

describe("Ask Eddy's answers, checkable and passed on", () => {
  it("numbers each cited claim; the keyboard reaches each number, which shows the quoted passage and links to it", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await ask(page);
    const first = answer(page).getByRole("link", { name: /^Source 1: / });
    expect(await first.innerText()).toBe("[1]");
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/(recap|podcast|explorer)/);

    // Focus from the keyboard: the passage shows, as the hub holds it, and the link names what it describes.
    await page.getByRole("textbox").focus();
    await first.focus();
    const tipId = (await first.getAttribute("aria-describedby"))!;
    const tip = page.locator(`[id="${tipId}"]`);
    await expect.poll(() => tip.isVisible()).toBe(true);
    await expect.poll(() => tip.innerText()).not.toContain("Loading the passage");
    const shown = await tip.innerText();
    const label = (await first.getAttribute("aria-label"))!.replace(/^Source 1: /, "");
    const passage = (await (
      await fetch(`${server.url}/api/chat/passage?${new URLSearchParams({ href, label })}`)
    ).json()) as { quote: string; source: string };
    expect(shown).toContain(passage.source);
    expect(shown).toContain(passage.quote.replace(/…$/, "").slice(0, 80));
    // Escape hides it; moving away and back shows it again.
    await page.keyboard.press("Escape");
    await expect.poll(() => tip.isVisible()).toBe(false);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => tip.isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Enter follows the citation to the part of the hub it cites.
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === href);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("shares a read-only copy that a fresh browser opens with its sources; only the asker can remove it", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    expect(await page.getByRole("button", { name: "Share a read-only link" }).count()).toBe(0);
    await ask(page);
    await page.getByRole("button", { name: "Share a read-only link" }).click();
    const link = page.getByLabel("Link to the shared conversation");
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/chat/shared/[A-Za-z0-9_-]{22}$`));
    await page.getByText("Anyone with this link can read these questions and answers until").waitFor();
    await expectNoAxeViolations(page);

    // A fresh browser, without JavaScript: the server's page alone shows the conversation and its citations' passages.
    const plain = await browserContext(browser, server.url, false);
    const reader = await plain.newPage();
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    await reader.getByRole("heading", { level: 1, name: "A conversation with Eddy" }).waitFor();
    await reader.getByText(QUESTION).waitFor();
    const cite = reader.getByRole("link", { name: /^Source 1: / }).first();
    const tip = reader.locator(`[id="${(await cite.getAttribute("aria-describedby"))!}"]`);
    expect(await tip.isVisible()).toBe(false);
    await cite.hover();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.innerText()).not.toContain("Loading the passage");
    expect(await reader.getByRole("button", { name: "Remove this link" }).count()).toBe(0);
    expect(await reader.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await plain.close();

    // A fresh browser with JavaScript does not hold the key either.
    const other = await browserContext(browser, server.url, true);
    const visitor = await other.newPage();
    await visitor.goto(url);
    await hydrated(visitor);
    await visitor.getByText(QUESTION).waitFor();
    expect(await visitor.getByRole("button", { name: "Remove this link" }).count()).toBe(0);

    // The asker removes it from the shared page; from then on its address says so, for everyone.
    await page.goto(url);
    await hydrated(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Remove this link" }).click();
    await page.getByRole("heading", { name: "Conversation no longer shared" }).waitFor();
    await page.getByText("This shared conversation was removed by the person who shared it.").waitFor();
    expect((await fetch(url)).status).toBe(410);
    await visitor.reload();
    await visitor.getByText("This shared conversation was removed by the person who shared it.").waitFor();
    await other.close();
    // The page's own data request after the removal is answered 410, as the page then says.
    expectNoUnexpectedErrors([/status of 410/]);
    await page.context().close();
  });

  it("takes a reader's verdict with an optional word, and lists it in the desk, the unhelpful first", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await ask(page);
    await answer(page).getByRole("button", { name: "Not helpful" }).click();
    await page.getByLabel("What was missing or wrong? (optional)").fill("Nothing on mezcal");
    await answer(page).getByRole("button", { name: "Send feedback" }).click();
    await answer(page).getByText("Thanks for your feedback.").waitFor();
    // One verdict per answer: a reload remembers it.
    await page.reload();
    await hydrated(page);
    await answer(page).getByText("Thanks for your feedback.").waitFor();
    expectNoUnexpectedErrors();
    await page.context().close();

    const helpful = await fetch(`${server.url}/api/chat/feedback`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rating: "up", question: "Who owns Tito's?", answer: "Bert Beveridge." }),
    });
    expect(helpful.status).toBe(201);

    const { js, plain } = await signedInContexts(browser, server.url, TOKEN);
    const desk = await js.newPage();
    await desk.goto("/admin/feedback");
    await hydrated(desk);
    await desk.getByRole("heading", { level: 1, name: "Reader feedback" }).waitFor();
    const entries = desk.locator("[data-feedback-id]");
    expect(await entries.count()).toBe(2);
    expect(await entries.first().innerText()).toContain("Not helpful");
    expect(await entries.first().innerText()).toContain(QUESTION);
    expect(await entries.first().innerText()).toContain("Nothing on mezcal");
    expect(await entries.first().innerText()).toContain("answered by Built-in analyst");
    expect(await entries.nth(1).innerText()).toContain("Who owns Tito's?");
    await expectNoAxeViolations(desk);
    await desk.getByLabel("Verdict").selectOption("up");
    await desk.getByRole("button", { name: "Filter" }).click();
    await desk.waitForURL(/rating=up/);
    await expect.poll(() => entries.count()).toBe(1);
    await js.close();
    await plain.close();
  });
});
