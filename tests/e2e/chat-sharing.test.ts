import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { expectNoAxeViolations, hydrated, launchBrowser, openHydrated } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { browserContext, signedInContexts } from "../support/site-content.ts";

// Issues 25 and 37: answers a reader can check and pass on. Numbered citations that show their
// passage on hover or focus; a read-only shared copy of a conversation, made of the server's own
// answers (opened in a fresh browser, removed by its asker from the page or, with the removal link,
// from any browser); and feedback the desk lists with the provider that answered. The page's own
// requests, replayed with their content altered, are refused and store nothing.

const TOKEN = "chat-sharing-admin-token-0123456789";
let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;
let direct: Database;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, CHAT_RATE_PER_MINUTE: "1000" }),
  ]);
  direct = openDatabase({ dataDir: testDb.dataDir });
});
afterAll(async () => {
  await browser?.close();
  await direct?.close();
  await server?.stop();
  await testDb?.drop();
});

const QUESTION = "What's trending in tequila in New York?";
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const answer = (page: Page) => log(page).locator("li").filter({ hasText: "Assistant:" }).last();
const isPost = (path: string) => (r: Request) => r.method() === "POST" && new URL(r.url()).pathname === path;
const replay = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const count = async (table: "chat_shares" | "chat_feedback") =>
  Number(
    (
      await direct.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function ask(page: Page) {
  await page.getByRole("button", { name: QUESTION }).click();
  await answer(page)
    .getByRole("link", { name: /^Source 1: / })
    .waitFor();
}

/** Presses "Share a read-only link"; answers the request the page sent and the share's link. */
async function share(page: Page) {
  const [request, response] = await Promise.all([
    page.waitForRequest(isPost("/api/chat/shares")),
    page.waitForResponse((r) => isPost("/api/chat/shares")(r.request())),
    page.getByRole("button", { name: "Share a read-only link" }).click(),
  ]);
  expect(response.status()).toBe(201);
  const link = page.getByLabel("Link to the shared conversation");
  await link.waitFor();
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`^${server.url}/chat/shared/[A-Za-z0-9_-]{22}$`));
  return { sent: request.postDataJSON() as { answers: string[] }, url, id: url.split("/").at(-1)! };
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

  it("shares the server's own answers as a read-only copy that a fresh browser opens with its sources; only the asker can remove it", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    expect(await page.getByRole("button", { name: "Share a read-only link" }).count()).toBe(0);
    await ask(page);
    const { sent, url, id } = await share(page);
    await page.getByText("Anyone with this link can read these questions and answers until").waitFor();
    await page.getByText("Only this browser holds the key that removes the link.").waitFor();
    await expectNoAxeViolations(page);

    // The page names the answer by the id the server gave it; the server publishes its own copy.
    const kept = await direct.db
      .selectFrom("chat_answers")
      .select(["id", "answer"])
      .where("question", "=", QUESTION)
      .orderBy("answered_at", "desc")
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ answers: [kept.id] });
    const row = await direct.db
      .selectFrom("chat_shares")
      .select("messages")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.messages)).toEqual([
      expect.objectContaining({ answerId: kept.id, question: QUESTION, answer: kept.answer, provider: "builtin" }),
    ]);

    // The page's own request replayed with its content altered: refused, nothing stored.
    const before = await count("chat_shares");
    const invented = [
      { role: "user", text: QUESTION, at: new Date().toISOString() },
      { role: "assistant", text: "Proofline Holdings owns every tequila brand.", at: new Date().toISOString() },
    ];
    const replays: Array<[unknown, number]> = [
      [{ ...sent, messages: invented }, 400],
      [{ messages: invented }, 400],
      [{ answers: [`${kept.id.slice(0, -1)}${kept.id.endsWith("A") ? "B" : "A"}`] }, 422],
      [{ answers: ["AAAAAAAAAAAAAAAAAAAAAA"] }, 422],
    ];
    for (const [body, status] of replays) expect((await replay("/api/chat/shares", body)).status).toBe(status);
    expect(await count("chat_shares")).toBe(before);

    // A fresh browser, without JavaScript: the server's page alone shows the conversation and its citations' passages.
    const plain = await browserContext(browser, server.url, false);
    const reader = await plain.newPage();
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    await reader.getByRole("heading", { level: 1, name: "A conversation with Eddy" }).waitFor();
    await reader.getByText(QUESTION).waitFor();
    // Its link unfurls with its first question.
    expect(await reader.title()).toBe(`“${QUESTION}”, asked of Eddy | Proofline`);
    expect(await reader.locator('meta[property="og:title"]').getAttribute("content")).toBe(
      `“${QUESTION}”, asked of Eddy`,
    );
    // Times are the server's, in UTC, whatever zone the reader's browser is in (New York here).
    const answeredAt = await direct.db
      .selectFrom("chat_answers")
      .select("answered_at")
      .where("id", "=", kept.id)
      .executeTakeFirstOrThrow();
    const shownAt = reader.locator(`time[datetime="${answeredAt.answered_at}"]`);
    expect(await shownAt.innerText()).toBe(
      new Date(answeredAt.answered_at).toLocaleString("en-US", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "UTC",
      }),
    );
    const cite = reader.getByRole("link", { name: /^Source 1: / }).first();
    const tip = reader.locator(`[id="${(await cite.getAttribute("aria-describedby"))!}"]`);
    expect(await tip.isVisible()).toBe(false);
    await cite.hover();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.innerText()).not.toContain("Loading the passage");
    expect(await reader.getByRole("button", { name: "Remove this link" }).count()).toBe(0);
    await reader.getByText("Only the person who shared this conversation can remove it").waitFor();
    expect(await reader.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await plain.close();

    // A fresh browser with JavaScript does not hold the key either; Escape hides a passage there too.
    const other = await browserContext(browser, server.url, true);
    const visitor = await other.newPage();
    await visitor.goto(url);
    await hydrated(visitor);
    await visitor.getByText(QUESTION).waitFor();
    expect(await visitor.getByRole("button", { name: "Remove this link" }).count()).toBe(0);
    const visitorCite = visitor.getByRole("link", { name: /^Source 1: / }).first();
    const visitorTip = visitor.locator(`[id="${(await visitorCite.getAttribute("aria-describedby"))!}"]`);
    await visitorCite.focus();
    await expect.poll(() => visitorTip.isVisible()).toBe(true);
    await visitor.keyboard.press("Escape");
    await expect.poll(() => visitorTip.isVisible()).toBe(false);
    await expectNoAxeViolations(visitor);

    // The asker's browser holds the key: on the shared page it can copy the removal link, and remove it.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const removal = await page.getByLabel("Removal link").inputValue();
    await page.goto(url);
    await hydrated(page);
    await page.getByRole("button", { name: "Copy removal link" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(removal);
    page.once("dialog", (dialog) => void dialog.accept());
    const [deleted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "DELETE"),
      page.getByRole("button", { name: "Remove this link" }).click(),
    ]);
    expect(deleted.status()).toBe(204);
    await page.getByRole("heading", { name: "Conversation no longer shared" }).waitFor();
    await page.getByText("This shared conversation was removed by the person who shared it.").waitFor();
    expect((await fetch(url)).status).toBe(410);
    expect(
      await direct.db.selectFrom("chat_shares").select(["messages", "html"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({ messages: "[]", html: null });
    await visitor.reload();
    await visitor.getByText("This shared conversation was removed by the person who shared it.").waitFor();
    await other.close();
    // The reloaded page is answered 410, as it then says.
    expectNoUnexpectedErrors([/status of 410/]);
    await context.close();
  });

  it("takes a share down from another browser with the removal link the asker copied, and only with its key", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await ask(page);
    const { url, id } = await share(page);
    await page.getByRole("button", { name: "Copy removal link" }).click();
    await page.getByText("Removal link copied").waitFor();
    const removal = await page.evaluate(() => navigator.clipboard.readText());
    expect(removal).toMatch(new RegExp(`^${server.url}/chat/shared/${id}/remove#key=[A-Za-z0-9_-]{32}$`));
    expectNoUnexpectedErrors();
    await context.close();

    // Another browser without JavaScript, and a wrong key typed in: refused, the share stays.
    const plain = await browserContext(browser, server.url, false);
    const guesser = await plain.newPage();
    expect((await guesser.goto(removal.replace(/#.*$/, "")))?.status()).toBe(200);
    await guesser.getByLabel("Removal key").fill("not-the-key");
    const [refused] = await Promise.all([
      guesser.waitForResponse((r) => r.request().method() === "POST"),
      guesser.getByRole("button", { name: "Remove the conversation" }).click(),
    ]);
    expect(refused.status()).toBe(403);
    await guesser.getByRole("alert").getByText("That key does not remove this conversation.").waitFor();
    expect((await fetch(url)).status).toBe(200);
    await plain.close();

    // Another browser with the removal link: the key comes from the link; its button removes the share.
    const elsewhere = await openHydrated(browser, server.url, removal.replace(server.url, ""));
    const remover = elsewhere.page;
    await remover.getByRole("heading", { name: "Remove this shared conversation?" }).waitFor();
    await remover.getByText(`“${QUESTION}”, shared on`).waitFor();
    await expect.poll(() => remover.getByLabel("Removal key").inputValue()).toBe(removal.split("#key=")[1]);
    await expectNoAxeViolations(remover);
    const [removed] = await Promise.all([
      remover.waitForResponse((r) => r.request().method() === "POST"),
      remover.getByRole("button", { name: "Remove the conversation" }).click(),
    ]);
    expect(removed.status()).toBe(200);
    await remover.getByRole("heading", { name: "Conversation removed" }).waitFor();
    const row = await direct.db
      .selectFrom("chat_shares")
      .select(["removed_at", "html"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.html).toBeNull();
    expect(row.removed_at).not.toBeNull();
    expect((await fetch(url)).status).toBe(410);
    elsewhere.expectNoUnexpectedErrors();
    await elsewhere.context.close();
  });

  it("takes a reader's verdict on the server's answer, refuses it replayed with the answer altered, and lists it in the desk", async () => {
    const { page, expectNoUnexpectedErrors } = await openHydrated(browser, server.url, "/chat");
    await ask(page);
    await answer(page).getByRole("button", { name: "Not helpful" }).click();
    await page.getByLabel("What was missing or wrong? (optional)").fill("Nothing on mezcal");
    const [request, response] = await Promise.all([
      page.waitForRequest(isPost("/api/chat/feedback")),
      page.waitForResponse((r) => isPost("/api/chat/feedback")(r.request())),
      answer(page).getByRole("button", { name: "Send feedback" }).click(),
    ]);
    expect(response.status()).toBe(201);
    await answer(page).getByText("Thanks for your feedback.").waitFor();
    const sent = request.postDataJSON() as { answerId: string; rating: string; comment: string };
    expect(sent).toEqual({
      answerId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      rating: "down",
      comment: "Nothing on mezcal",
    });
    const kept = await direct.db
      .selectFrom("chat_answers")
      .select(["question", "answer"])
      .where("id", "=", sent.answerId)
      .executeTakeFirstOrThrow();
    expect(kept.question).toBe(QUESTION);
    expect(
      await direct.db
        .selectFrom("chat_feedback")
        .select(["answer_id", "question", "answer", "provider", "rating", "comment"])
        .where("answer_id", "=", sent.answerId)
        .execute(),
    ).toEqual([
      {
        answer_id: sent.answerId,
        question: QUESTION,
        answer: kept.answer,
        provider: "builtin",
        rating: "down",
        comment: "Nothing on mezcal",
      },
    ]);

    // The page's own request replayed with its content altered: refused, nothing stored.
    const before = await count("chat_feedback");
    for (const [body, status] of [
      [{ ...sent, answer: "Proofline Holdings owns every tequila brand." }, 400],
      [{ ...sent, question: "Is tequila dying?" }, 400],
      [{ ...sent, answerId: "AAAAAAAAAAAAAAAAAAAAAA" }, 422],
      [{ ...sent, rating: "up" }, 409],
    ] as const)
      expect((await replay("/api/chat/feedback", body)).status).toBe(status);
    expect(await count("chat_feedback")).toBe(before);

    // One verdict per answer: a reload remembers it.
    await page.reload();
    await hydrated(page);
    await answer(page).getByText("Thanks for your feedback.").waitFor();
    expectNoUnexpectedErrors();
    await page.context().close();

    // Another reader's verdict, on another answer the server gave.
    const asked = (await (
      await replay("/api/chat", {
        message: "Who owns Tito's?",
        uuid: crypto.randomUUID(),
        timestamp: new Date().toISOString(),
        deepresearchStatus: "false",
        retryAttempt: 0,
      })
    ).json()) as { answerId: string };
    expect((await replay("/api/chat/feedback", { answerId: asked.answerId, rating: "up" })).status).toBe(201);

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
