import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, holdPageClock, launchBrowser, openHydrated } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { fakeUpstream, json } from "../support/fake-upstream.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const GREETING =
  "Hi! I'm Eddy, your spirits industry intelligence assistant. What would you like to know about the beverage alcohol market?";
const PROMPTS = [
  "What's trending in tequila in New York?",
  "Compare the recent activity of Diageo and Pernod Ricard",
  "Top RTD launches this quarter",
  "Premium spirits market slowdown analysis",
];

let browser: Browser;
let builtin: RunningServer;
let hooked: RunningServer;
let streamed: RunningServer;
const dbs: TestDatabase[] = [];
const upstream = fakeUpstream();

beforeAll(async () => {
  const url = await upstream.start();
  const [a, b, c] = await Promise.all([freshDatabase("sqlite"), freshDatabase("sqlite"), freshDatabase("sqlite")]);
  dbs.push(a, b, c);
  [browser, builtin, hooked, streamed] = await Promise.all([
    launchBrowser(),
    startServer({ ...a.env, CHAT_RATE_PER_MINUTE: "1000" }),
    startServer({ ...b.env, CHAT_WEBHOOK_URL: `${url}/webhook/fasteddy`, CHAT_RATE_PER_MINUTE: "1000" }),
    startServer({
      ...c.env,
      LLM_BASE_URL: `${url}/v1`,
      LLM_API_KEY: "sk-test",
      LLM_MODEL: "test-model",
      CHAT_RATE_PER_MINUTE: "1000",
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([builtin?.stop(), hooked?.stop(), streamed?.stop()]);
  await upstream.stop();
  for (const db of dbs) await db.drop();
});

const input = (page: Page) => page.getByRole("textbox", { name: "Your question" });
const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const bubbles = (page: Page) => log(page).locator(":scope > ol > li:not([aria-hidden])");
/** Holds each webhook call until the test releases it. */
function holdWebhook() {
  const held: Array<(output: unknown, status?: number) => void> = [];
  upstream.on((_req, res) => held.push((output, status = 200) => json(res, status, output)));
  return held;
}

describe("/chat with the built-in analyst", () => {
  it("fetches the markdown renderer when the reader turns to the chat, not while the page loads", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, builtin.url, "/chat");
    const renderer = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => /\/assets\/rich-answer-[^/]+\.js$/.test(new URL(entry.name).pathname)).length,
      );
    await page.waitForLoadState("networkidle");
    expect(await renderer()).toBe(0);
    await input(page).focus();
    await expect.poll(renderer).toBe(1);
    expectNoUnexpectedErrors();
  });

  it("greets, offers the four prompts, and answers one with formatted, linked markdown", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, builtin.url, "/chat");
    await page.getByRole("heading", { level: 1, name: "Ask Eddy" }).waitFor();
    await log(page).getByText(GREETING).waitFor();
    await page.getByRole("heading", { name: "Try asking about:" }).waitFor();
    for (const prompt of PROMPTS) await page.getByRole("button", { name: prompt }).waitFor();
    expect(await input(page).getAttribute("placeholder")).toBe(
      "Ask about market trends, brand performance, or industry insights...",
    );
    expect(await page.getByRole("switch", { name: "Deep Research" }).getAttribute("aria-checked")).toBe("false");
    await page.getByText("Enhanced analysis with external sources").waitFor();
    // The chat area is the viewport's height minus 200 px.
    expect(await log(page).evaluate((el) => el.parentElement!.getBoundingClientRect().height)).toBe(900 - 200);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: PROMPTS[1]! }).click();
    await log(page).getByRole("heading", { level: 2, name: "Diageo North America vs. Pernod Ricard USA" }).waitFor();
    await expect.poll(() => bubbles(page).count()).toBe(3);
    // The person's message on the right as text, the answer on the left as markdown with a table and in-app links.
    expect(
      await bubbles(page)
        .nth(1)
        .evaluate((li) => getComputedStyle(li).justifyContent),
    ).toBe("flex-end");
    expect(await bubbles(page).nth(2).locator("table").count()).toBe(1);
    expect(await bubbles(page).nth(2).locator("time").innerText()).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(await page.getByRole("heading", { name: "Try asking about:" }).count()).toBe(0);
    await bubbles(page).nth(2).getByRole("link", { name: "Diageo North America" }).first().click();
    await page.waitForURL(/\/explorer\?company=4$/);
    await page.getByRole("dialog").getByRole("heading", { name: "Diageo North America" }).waitFor();
    // Back on /chat, the conversation is still there (session storage), with its dates restored.
    await page.goBack();
    await log(page).getByRole("heading", { level: 2, name: "Diageo North America vs. Pernod Ricard USA" }).waitFor();
    expect(await bubbles(page).count()).toBe(3);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("exports the conversation as a Markdown file, made in the browser, with absolute links", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, builtin.url, "/chat");
    // Nothing to export before the first question.
    expect(await page.getByRole("button", { name: "Export as Markdown" }).count()).toBe(0);
    await page.getByRole("button", { name: PROMPTS[1]! }).click();
    await log(page).getByRole("heading", { level: 2, name: "Diageo North America vs. Pernod Ricard USA" }).waitFor();
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export as Markdown" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.md$/);
    const text = await fs.readFile((await download.path())!, "utf8");
    expect(text).toMatch(/^# A conversation with Eddy, Proofline\n/);
    expect(text).toContain(`## You, `);
    expect(text).toContain(PROMPTS[1]!);
    expect(text).toContain("## Diageo North America vs. Pernod Ricard USA");
    // The answer's in-app links point at the site itself, so they work from the file.
    expect(text).toContain("](http://proofline.test/explorer?company=4)");
    expect(text).not.toContain(GREETING);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("starts again with the greeting when the stored history cannot be read", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, builtin.url, "/chat");
    await page.evaluate(() => sessionStorage.setItem("chat-history", "{not json"));
    await page.reload();
    await log(page).getByText(GREETING).waitFor();
    expect(await bubbles(page).count()).toBe(1);
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});

describe("/chat with a workflow webhook", () => {
  it("sends trimmed text on Enter, keeps Shift+Enter as a new line, and refuses empty input and sending while waiting", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    const held = holdWebhook();
    expect(await sendButton(page).isDisabled()).toBe(true);
    await input(page).fill("   ");
    expect(await sendButton(page).isDisabled()).toBe(true);
    await input(page).press("Enter");
    expect(upstream.requests.length).toBe(0);

    await input(page).fill("");
    await input(page).type("  first line");
    await input(page).press("Shift+Enter");
    await input(page).type("second line  ");
    expect(await input(page).inputValue()).toBe("  first line\nsecond line  ");
    await input(page).press("Enter");
    await expect.poll(() => held.length).toBe(1);
    const sent = upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ message: "first line\nsecond line", deepresearchStatus: "false", retryAttempt: 0 });
    expect(sent.uuid).toBe(await page.evaluate(() => sessionStorage.getItem("current-chat")));

    // Waiting: "Thinking...", the typing dots, the text field, Send and the prompts disabled (spec section 4).
    expect(await input(page).getAttribute("placeholder")).toBe("Thinking...");
    await page.getByTestId("typing-indicator").waitFor();
    expect(await input(page).isDisabled()).toBe(true);
    expect(await sendButton(page).isDisabled()).toBe(true);
    expect(held.length).toBe(1);

    held[0]!({ output: "## Reply\n\n**Bold** and _italic_, `code`:\n\n> quoted\n\n1. one\n2. two" });
    await log(page).getByRole("heading", { name: "Reply" }).waitFor();
    const answer = bubbles(page).last();
    for (const selector of ["strong", "em", "code", "blockquote", "ol"])
      expect(await answer.locator(selector).count(), selector).toBe(1);
    expect(await page.getByTestId("typing-indicator").count()).toBe(0);
    expect(await input(page).getAttribute("placeholder")).toBe(
      "Ask about market trends, brand performance, or industry insights...",
    );
    // The field is back, with the focus it had when the question was sent.
    expect(await input(page).isDisabled()).toBe(false);
    expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("shows the fallback for a reply without output, and the spec's message for a server error", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    upstream.on((_req, res) => json(res, 200, { nothing: true }));
    await input(page).fill("No output please");
    await input(page).press("Enter");
    await log(page).getByText("I received your message! Let me process that for you.").waitFor();
    upstream.on((_req, res) => json(res, 500, { error: "boom" }));
    await input(page).fill("Break");
    await input(page).press("Enter");
    await log(page)
      .getByText(
        "Server error occurred. The workflow-automation service may be temporarily overloaded. Please wait a moment and try again.",
      )
      .waitFor();
    upstream.on((_req, res) => json(res, 404, {}));
    await input(page).fill("Missing");
    await input(page).press("Enter");
    await log(page).getByText("Sorry, I'm having trouble connecting right now. Please try again.").waitFor();
    expectNoUnexpectedErrors([/Failed to load resource/]);
    await page.context().close();
  });

  it("retries a network failure after 3 s and 6 s, announcing each attempt, then gives the network message", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    await holdPageClock(page);
    const bodies: unknown[] = [];
    await page.route("**/api/chat", async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.abort("failed");
    });
    await input(page).fill("Are you there?");
    await input(page).press("Enter");
    await log(page).getByText("Connection issue detected. Retrying in 3 seconds... (Attempt 2/3)").waitFor();
    await page.clock.runFor(3_000);
    await log(page).getByText("Connection issue detected. Retrying in 6 seconds... (Attempt 3/3)").waitFor();
    expect(await log(page).getByText("Retrying in 3 seconds").count()).toBe(0);
    await page.clock.runFor(6_000);
    await log(page)
      .getByText("Network connection error. Please check your internet connection and try again.")
      .waitFor();
    expect(await log(page).getByText("Connection issue detected").count()).toBe(0);
    expect(bodies.map((b) => (b as { retryAttempt: number }).retryAttempt)).toEqual([0, 1, 2]);
    expect(await input(page).getAttribute("placeholder")).toBe(
      "Ask about market trends, brand performance, or industry insights...",
    );
    expectNoUnexpectedErrors([/Failed to load resource/]);
    await page.context().close();
  });

  it("shows the deep-research wait with its timer and notices, then the answer", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    await holdPageClock(page);
    const held = holdWebhook();
    await page.getByRole("switch", { name: "Deep Research" }).click();
    await input(page).fill("Deep dive on agave");
    await input(page).press("Enter");
    await expect.poll(() => held.length).toBe(1);
    expect((upstream.requests.at(-1)!.body as { deepresearchStatus: string }).deepresearchStatus).toBe("true");
    expect(await input(page).getAttribute("placeholder")).toBe("Deep research in progress...");
    await log(page)
      .getByText("This may take up to 10 minutes. I'm analyzing external sources for comprehensive insights.")
      .waitFor();
    expect(await page.getByTestId("deep-research-elapsed").innerText()).toBe("0:00");
    await page.clock.runFor(65_000);
    expect(await page.getByTestId("deep-research-elapsed").innerText()).toBe("1:05");
    expect(await log(page).getByText("Still processing").count()).toBe(0);
    await page.clock.runFor(60_000);
    await log(page).getByText("⏱️ Still processing... Your research is continuing in the background.").waitFor();
    expect(await log(page).getByText("Almost done").count()).toBe(0);
    await page.clock.runFor(360_000);
    await log(page).getByText("🔍 Complex research in progress... Almost done!").waitFor();
    held[0]!({ output: "Deep answer" });
    await log(page).getByText("Deep answer").waitFor();
    expect(await page.getByTestId("deep-research-elapsed").count()).toBe(0);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("finds a running deep-research question again after a reload, with the true elapsed time", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    const held = holdWebhook();
    await page.getByRole("switch", { name: "Deep Research" }).click();
    await input(page).fill("Long research");
    await input(page).press("Enter");
    await expect.poll(() => held.length).toBe(1);
    await page.waitForTimeout(2_100);
    await page.reload();
    await log(page).getByText("Deep research in progress...").waitFor();
    const elapsed = await page.getByTestId("deep-research-elapsed").innerText();
    expect(Number(elapsed.split(":")[1])).toBeGreaterThanOrEqual(2);
    await log(page).getByText("Long research").waitFor();
    held[0]!({ output: "Found it again" });
    await log(page).getByText("Found it again").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("deep-research-elapsed").count()).toBe(0);
    // The answer the reloaded page reattached to was kept by the server (issue 37): it can be judged and shared.
    const reattached = log(page).locator("li").filter({ hasText: "Found it again" });
    await reattached.getByRole("button", { name: "Helpful", exact: true }).waitFor();
    const [shared] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chat/shares"),
      page.getByRole("button", { name: "Share a read-only link" }).click(),
    ]);
    expect(shared.status()).toBe(201);
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});

describe("/chat with an LLM that streams", () => {
  /** Streams `first`, then holds; `more()` sends one more piece, `finish()` ends the reply. */
  function holdStream(first: string) {
    const control = { more: (_text: string) => {}, finish: () => {}, closed: false };
    upstream.on((req, res) => {
      req.socket.on("close", () => (control.closed = true));
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const piece = (text: string) =>
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`);
      piece(first);
      control.more = piece;
      control.finish = () => res.end("data: [DONE]\n\n");
    });
    return control;
  }

  it("shows the answer as it arrives, with the field disabled, and ends it whole", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, streamed.url, "/chat");
    const stream = holdStream("## Agave\n\nThe first ");
    await input(page).fill("What's trending in tequila?");
    await input(page).press("Enter");
    await log(page).getByRole("heading", { level: 2, name: "Agave" }).waitFor();
    await log(page).getByText("The first").waitFor();
    expect(await input(page).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Stop" }).isVisible()).toBe(true);
    stream.more("words, then the rest.");
    await log(page).getByText("The first words, then the rest.").waitFor();
    stream.finish();
    await expect.poll(() => input(page).isDisabled()).toBe(false);
    expect(await page.getByRole("button", { name: "Stop" }).count()).toBe(0);
    expect(await bubbles(page).count()).toBe(3);
    expect(await bubbles(page).nth(2).innerText()).toContain("The first words, then the rest.");
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("stops at Stop: the text so far stays, marked as stopped, and the model's call ends", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, streamed.url, "/chat");
    const stream = holdStream("A long answer begins");
    await input(page).fill("Tell me everything");
    await input(page).press("Enter");
    await log(page).getByText("A long answer begins").waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await log(page).getByText("Stopped.").waitFor();
    const stopped = await bubbles(page).nth(2).innerText();
    expect(stopped.indexOf("Stopped.")).toBeGreaterThan(stopped.indexOf("A long answer begins"));
    expect(stopped.indexOf("A long answer begins")).toBeGreaterThan(-1);
    await expect.poll(() => stream.closed).toBe(true);
    await expect.poll(() => input(page).isDisabled()).toBe(false);
    expect(await bubbles(page).count()).toBe(3);
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});

describe("/chat timeouts, keyboard and screen readers", () => {
  it("gives up after three 2-minute timeouts with the spec's message, and after 15 minutes for deep research", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    await holdPageClock(page);
    const held = holdWebhook();
    // The browser gives up on each attempt; answering the abandoned calls frees the server's deep-research slots.
    const abandon = () => held.splice(0).forEach((answer) => answer({ output: "too late" }));
    await input(page).fill("Slow one");
    await input(page).press("Enter");
    await page.clock.runFor(120_000);
    await log(page).getByText("Connection issue detected. Retrying in 3 seconds... (Attempt 2/3)").waitFor();
    await page.clock.runFor(3_000 + 120_000);
    await log(page).getByText("Retrying in 6 seconds... (Attempt 3/3)").waitFor();
    await page.clock.runFor(6_000 + 120_000);
    await log(page)
      .getByText(
        "Request timed out after 2 minutes. The service may be experiencing high load. Please try again or enable deep research for more processing time.",
      )
      .waitFor();

    await page.getByRole("switch", { name: "Deep Research" }).click();
    await input(page).fill("Very slow research");
    await input(page).press("Enter");
    await page.clock.runFor(900_000);
    await log(page).getByText("Retrying in 3 seconds... (Attempt 2/3)").waitFor();
    abandon();
    await page.clock.runFor(3_000 + 900_000);
    await log(page).getByText("Retrying in 6 seconds... (Attempt 3/3)").waitFor();
    abandon();
    await page.clock.runFor(6_000 + 900_000);
    await log(page)
      .getByText(
        "Deep research timed out after 15 minutes. This may indicate a very complex query. Try breaking your question into smaller, more specific parts, or disable deep research for faster responses.",
      )
      .waitFor();
    expect(await page.getByTestId("deep-research-elapsed").count()).toBe(0);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("does not send on the Enter that confirms an IME composition", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    upstream.on((_req, res) => json(res, 200, { output: "ok" }));
    const before = upstream.requests.length;
    await input(page).fill("日本");
    await input(page).dispatchEvent("keydown", { key: "Enter", isComposing: true, bubbles: true });
    await page.waitForTimeout(300);
    expect(upstream.requests.length).toBe(before);
    expect(await bubbles(page).count()).toBe(1);
    expectNoUnexpectedErrors();
    await page.context().close();
  });

  it("tells screen readers 'responding' and then the answer, offers Copy, and keeps the newest message in view", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openHydrated(browser, hooked.url, "/chat");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const held = holdWebhook();
    for (let i = 0; i < 4; i++) {
      await input(page).fill(`Question ${i}`);
      await input(page).press("Enter");
      await expect.poll(() => held.length).toBe(i + 1);
      if (i === 0)
        await expect.poll(() => page.getByRole("main").locator("div[aria-live=polite]").innerText()).toBe("responding");
      held[i]!({ output: `## Answer ${i}\n\n${"A long line of analysis. ".repeat(30)}` });
      await log(page)
        .getByRole("heading", { name: `Answer ${i}` })
        .waitFor();
    }
    await expect
      .poll(() => page.getByRole("main").locator("div[aria-live=polite]").innerText())
      .toMatch(/^Answer 3 A long line/);
    // The list has scrolled to its end.
    await expect
      .poll(() => log(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(40);
    await bubbles(page).last().getByRole("button", { name: "Copy answer" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^## Answer 3/);
    expectNoUnexpectedErrors();
    await page.context().close();
  });
});
