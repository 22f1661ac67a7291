import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
  type WatchedPage,
} from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";
import { openDatabase } from "#server/db/client.ts";

const TOKEN = "desk-test-admin-token-0123456789";
const OWNER = { name: "Olivia Owner", email: "owner@proofline.test", password: "owner-password-123" };
const EDITOR = { name: "Eddie Editor", email: "editor@proofline.test", password: "editor-password-456" };
const MEDIA = path.join(ROOT, "content/media");
// A time scheduled from the desk must be ahead of the clock: January 15 of next year always is,
// and New York keeps standard time then (EST, UTC-5). (Read off the clock directly: this file is
// not in CI's year-ahead run, where its axe test outruns 60 s; docs/dates-and-the-clock.md.)
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ...testDb.env,
      ADMIN_TOKEN: TOKEN,
      SCHEDULE_POLL_SECONDS: "0.5",
      COMMENT_RATE_PER_MINUTE: "1000",
      COMMENT_RATE_PER_DAY: "1000",
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

async function open(path: string, viewport?: typeof PHONE): Promise<WatchedPage> {
  const watched = await openPage(browser, server.url, viewport);
  await watched.page.goto(path);
  await hydrated(watched.page);
  return watched;
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/admin/sign-in");
  await hydrated(page);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin$/);
}

/** Submits with a button and waits for the page the action leads to. */
async function press(page: Page, name: string, url: RegExp) {
  await Promise.all([page.waitForURL(url), page.getByRole("button", { name, exact: true }).click()]);
  await hydrated(page);
}

const api = async <T>(p: string) => (await (await fetch(`${server.url}${p}`)).json()) as T;

/** A scheduled item's stored publish time, as an ISO instant (undefined once it is published). */
async function publishAtOf(table: "recap_drafts" | "episode_drafts", id: number): Promise<string | undefined> {
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    const row = await database.db.selectFrom(table).select("publish_at").where("id", "=", id).executeTakeFirst();
    return row?.publish_at ? new Date(row.publish_at).toISOString() : undefined;
  } finally {
    await database.close();
  }
}

// The tests build on one another, as a newsroom's first day would: the owner sets
// up the desk, adds an editor, who writes and schedules; a producer uploads; a moderator hides.
describe("the editor's desk", () => {
  it("sends a visitor to sign in, and a site without staff to set up its first owner with ADMIN_TOKEN", async () => {
    const { page, context, expectNoUnexpectedErrors } = await open("/admin/recaps");
    expect(new URL(page.url()).pathname).toBe("/admin/setup");
    await page.getByRole("heading", { name: "Set up the desk" }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("ADMIN_TOKEN").fill("not-the-token-at-all");
    await page.getByLabel("Your name").fill(OWNER.name);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Create the owner account" }).click();
    await page.getByText("That is not the site's ADMIN_TOKEN.").waitFor();

    await page.getByLabel("ADMIN_TOKEN").fill(TOKEN);
    await page.getByLabel("Password").fill(OWNER.password);
    await press(page, "Create the owner account", /\/admin$/);
    await page.getByRole("heading", { level: 1, name: "Desk" }).waitFor();
    await expectNoAxeViolations(page);

    const cookie = (await context.cookies()).find((c) => c.name === "proofline_desk")!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    // The page is personal: no cache keeps it.
    const res = await page.request.get("/admin");
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(res.headers()["x-page-cache"]).toBe("bypass");

    // Set up once: afterwards the page sends people to sign in.
    await page.context().clearCookies();
    await page.goto("/admin/setup");
    await page.waitForURL(/\/admin\/sign-in/);
    expectNoUnexpectedErrors([/status of 401/]);
    await context.close();
  });

  it("lets an owner add an editor, who sets a password with the one-time link; the link works once", async () => {
    const owner = await openPage(browser, server.url);
    await signIn(owner.page, OWNER);
    await owner.page.goto("/admin/staff");
    await hydrated(owner.page);
    await owner.page.getByLabel("Name").fill(EDITOR.name);
    await owner.page.getByLabel("Email").fill(EDITOR.email);
    await owner.page.getByLabel("Role", { exact: true }).selectOption("editor");
    await owner.page.getByRole("button", { name: "Add member" }).click();
    await owner.page.getByText(`${EDITOR.name} was added.`).waitFor();
    const link = (await owner.page.getByTestId("password-link").textContent())!.trim();
    expect(link).toMatch(/^http:\/\/proofline\.test\/admin\/password\/[\w-]{43}$/);
    await expectNoAxeViolations(owner.page);
    await owner.context.close();

    const editor = await openPage(browser, server.url);
    await editor.page.goto(new URL(link).pathname);
    await hydrated(editor.page);
    await editor.page.getByText(`For ${EDITOR.name} (${EDITOR.email})`).waitFor();
    await editor.page.getByLabel("New password", { exact: true }).fill(EDITOR.password);
    await editor.page.getByLabel("New password again").fill(EDITOR.password);
    await press(editor.page, "Set password and sign in", /\/admin$/);
    // An editor does not manage staff.
    expect(
      await editor.page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Staff" }).count(),
    ).toBe(0);
    const staffPage = await editor.page.request.get("/admin/staff");
    expect(staffPage.status()).toBe(403);

    await editor.page.goto(new URL(link).pathname);
    await editor.page.getByText("This link has been used or has expired. Ask an owner for a new one.").waitFor();
    editor.expectNoUnexpectedErrors([/status of 40[34]/]);
    await editor.context.close();
  });

  it("lets an editor write a recap with a live preview and an image, and schedule it: it goes live on time, not before", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await signIn(page, EDITOR);
    await page.goto("/admin/recaps/new");
    await hydrated(page);
    const headline = "Desk test: holiday depletions run ahead of plan";
    await page.getByLabel("Headline").fill(headline);
    await page.getByLabel("Tags").fill("Holiday, Depletions");
    const snippet = "Sample content. ".repeat(25).trim(); // 399 characters: the list shows 350
    await page.getByLabel("Snippet").fill(snippet);
    await page.getByText("399 characters. The recap list shows the first 350; the cut is marked below.").waitFor();
    expect(await page.getByTestId("snippet-cut").textContent()).toContain(`${snippet.slice(0, 350)}...`);

    await page
      .getByLabel("Text (markdown)")
      .fill(
        "## Depletions\n\nShipments were **up 4%** on the week.\n\n| Channel | Change |\n|---|---|\n| Off-premise | +4% |",
      );
    const preview = page.getByTestId("preview");
    await preview.getByRole("heading", { level: 2, name: "Depletions" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("up 4%");
    await preview.getByRole("table").waitFor();

    // The image: chosen with the picker, uploaded with a progress bar, then shown.
    await page.evaluate(() => {
      (window as unknown as { sawProgress: boolean }).sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector("progress")) (window as unknown as { sawProgress: boolean }).sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Dropped on the field...
    const dropped = await page.evaluateHandle(async () => {
      const bytes = await (await fetch("/media/weekly-summary-pics/2026-11-13-agave-bar.jpg")).arrayBuffer();
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "agave bar.jpg", { type: "image/jpeg" }));
      return transfer;
    });
    await page
      .getByText("Drop a JPEG, PNG or WebP here")
      .locator("..")
      .dispatchEvent("drop", { dataTransfer: dropped });
    await page.getByText(/^agave-bar-[0-9a-f]{16}\.jpg$/).waitFor();
    await page.getByRole("button", { name: "Remove image" }).click();
    // ...or chosen with the picker.
    await page.getByLabel("Image").setInputFiles(path.join(MEDIA, "weekly-summary-pics/2026-11-20-holiday-shelf.jpg"));
    await page.getByText(/^2026-11-20-holiday-shelf-[0-9a-f]{16}\.jpg$/).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);

    // A time in the past is refused, in words, and nothing is lost.
    await page.getByLabel("Publish at").fill("2020-01-01T09:00:00");
    await press(page, "Schedule", /\/admin\/recaps\/new$/);
    await page.getByText("Publish at must be in the future (or use Publish now).").waitFor();
    expect(await page.getByLabel("Headline").inputValue()).toBe(headline);

    // Ten seconds from now, in the browser's own zone: time enough for the checks below on a
    // loaded machine before the scheduler publishes it (and the draft's time is no longer read).
    const soon = await page.evaluate(() => {
      const at = new Date(Date.now() + 10_000);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    });
    await page.getByLabel("Publish at").fill(soon);
    await press(page, "Schedule", /\/admin\/recaps\/drafts\/\d+\?done=scheduled$/);
    await page.getByText("Scheduled. It goes live at the time shown.").waitFor();
    // Stored as the instant the editor meant: the wall-clock time typed, in the browser's zone (New York).
    const draftId = Number(/\/drafts\/(\d+)/.exec(page.url())![1]);
    const stored = await publishAtOf("recap_drafts", draftId);
    expect(stored).toBe(await page.evaluate((typed) => new Date(typed).toISOString(), soon));
    const before = await api<{ recaps: Array<{ headline: string }> }>(
      `/api/recaps?q=${encodeURIComponent("Desk test")}`,
    );
    expect(before.recaps).toEqual([]);
    await expectNoAxeViolations(page);

    let live: { id: number; headline: string; blog_image_url: string; tags: string[]; snippets: string } | undefined;
    for (
      const giveUp = Date.now() + 30_000;
      !live && Date.now() < giveUp;
      await new Promise((r) => setTimeout(r, 250))
    ) {
      live = (await api<{ recaps: NonNullable<typeof live>[] }>(`/api/recaps?q=${encodeURIComponent("Desk test")}`))
        .recaps[0];
    }
    expect(live).toMatchObject({ headline, tags: ["Holiday", "Depletions"], snippets: snippet });
    expect(live!.blog_image_url).toMatch(/^\/media\/weekly-summary-pics\/2026-11-20-holiday-shelf-[0-9a-f]{16}\.jpg$/);
    expect((await fetch(`${server.url}${live!.blog_image_url}`)).status).toBe(200);

    await page.goto("/admin/recaps?status=published");
    await hydrated(page);
    await page.getByRole("link", { name: headline, exact: true }).waitFor();
    expectNoUnexpectedErrors([/status of 400/]);
    await context.close();
  });

  it("shows a scheduled item on every desk page that lists it, in the editor's zone, on a fresh load and without JavaScript", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await signIn(page, EDITOR);
    await page.goto("/admin/recaps/new");
    await hydrated(page);
    const headline = "Desk test: scheduled for next year";
    await page.getByLabel("Headline").fill(headline);
    await page.getByLabel("Text (markdown)").fill("Sample content.");
    // 10:00 in New York on January 15 is 15:00 UTC (EST).
    await page.getByLabel("Publish at").fill(`${NEXT_YEAR}-01-15T10:00:00`);
    await press(page, "Schedule", /\/admin\/recaps\/drafts\/\d+\?done=scheduled$/);
    expect(await publishAtOf("recap_drafts", Number(/\/drafts\/(\d+)/.exec(page.url())![1]))).toBe(
      `${NEXT_YEAR}-01-15T15:00:00.000Z`,
    );

    for (const path of ["/admin", "/admin/recaps", "/admin/recaps?status=scheduled"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await hydrated(page);
      await page.getByText(`Jan 15, ${NEXT_YEAR}, 10:00 AM EST`).first().waitFor();
    }
    // Without JavaScript the server's own rendering: the same instant, in UTC, the zone named.
    const cookies = await context.cookies();
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: server.url,
      timezoneId: "America/New_York",
    });
    await plain.addCookies(cookies);
    const plainPage = await plain.newPage();
    const res = await plainPage.goto("/admin/recaps");
    expect(res?.status()).toBe(200);
    await plainPage.getByText(`Jan 15, ${NEXT_YEAR}, 3:00 PM UTC`).first().waitFor();
    await plain.close();
    expectNoUnexpectedErrors();
    await context.close();
  });

  it("reads the time typed in a browser east of UTC in that browser's zone", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, undefined, {
      timezoneId: "Asia/Kolkata",
    });
    await signIn(page, EDITOR);
    await page.goto("/admin/recaps/new");
    await hydrated(page);
    await page.getByLabel("Headline").fill("Desk test: scheduled from Kolkata");
    await page.getByLabel("Text (markdown)").fill("Sample content.");
    await page.getByLabel("Publish at").fill(`${NEXT_YEAR}-01-15T10:00:00`);
    await press(page, "Schedule", /\/admin\/recaps\/drafts\/\d+\?done=scheduled$/);
    expect(await publishAtOf("recap_drafts", Number(/\/drafts\/(\d+)/.exec(page.url())![1]))).toBe(
      `${NEXT_YEAR}-01-15T04:30:00.000Z`,
    );
    await page.goto("/admin");
    await hydrated(page);
    await page.getByText(`Jan 15, ${NEXT_YEAR}, 10:00 AM GMT+5:30`).first().waitFor();
    expectNoUnexpectedErrors();
    await context.close();
  });

  it("lets a producer upload an episode with a progress bar, the length and size read from the file, and publish it", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE);
    await signIn(page, EDITOR);
    await page.goto("/admin/episodes/new");
    await hydrated(page);
    await page
      .getByLabel("Audio")
      .setInputFiles(path.join(MEDIA, "podcast-episodes/2026-11-20-daily-holiday-resets.mp3"));
    await page.getByTestId("audio-facts").waitFor();
    expect(await page.getByTestId("audio-facts").textContent()).toMatch(
      /2026-11-20-daily-holiday-resets-[0-9a-f]{16}\.mp3 · 0:\d\d · 0\.1 MB/,
    );
    await page.getByLabel("Title").fill("Desk test: the morning pour");
    await page.getByLabel("Series").selectOption("daily");
    await page.getByLabel("Description").fill("Sample content: a test episode uploaded through the desk.");
    await page.getByLabel("Tags").fill("Morning Pour, Holiday");
    await press(page, "Publish now", /\/admin\/episodes\/\d+\?done=published$/);
    await page.getByText("Published. It is live on the site.").waitFor();
    await expectNoAxeViolations(page);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const latest = await api<{
      episode: { title: string; duration_seconds: number; byte_size: number; audio_url: string; tags: string[] };
    }>("/api/episodes/latest");
    expect(latest.episode).toMatchObject({
      title: "Desk test: the morning pour",
      byte_size: 99798,
      tags: ["Morning Pour", "Holiday"],
    });
    // Its tag is a topic page that lists it.
    const topic = await (await fetch(`${server.url}/topics/morning-pour`)).text();
    expect(topic).toContain("Desk test: the morning pour");
    expect(latest.episode.duration_seconds).toBeGreaterThan(0);
    expectNoUnexpectedErrors();
    await context.close();
  });

  it("lets a moderator hide a comment from the queue, and show it again", async () => {
    const posted = await fetch(`${server.url}/api/recaps/1/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ author_name: "Spam Bot", comment_text: "Buy cheap bottles at example.invalid" }),
    });
    expect(posted.status).toBe(201);
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await signIn(page, EDITOR);
    await page.goto("/admin/comments");
    await hydrated(page);
    const item = page.locator("li", { hasText: "Buy cheap bottles" });
    await item.getByRole("link").first().waitFor();
    expect(await item.getByRole("link").first().getAttribute("href")).toBe("/recap/1");
    await expectNoAxeViolations(page);

    await Promise.all([
      page.waitForURL(/done=hide-1/),
      item.getByRole("button", { name: "Hide the comment by Spam Bot" }).click(),
    ]);
    await page.getByText("Hidden: 1 comment.").waitFor();
    const visible = await api<{ comments: Array<{ comment_text: string }> }>("/api/recaps/1/comments");
    expect(visible.comments.map((c) => c.comment_text)).not.toContain("Buy cheap bottles at example.invalid");

    // Filtered to hidden comments, then shown again in bulk.
    await page.getByLabel("Status").selectOption("hidden");
    await Promise.all([page.waitForURL(/status=hidden/), page.getByRole("button", { name: "Filter" }).click()]);
    await page.getByLabel("Select the comment by Spam Bot").check();
    await Promise.all([
      page.waitForURL(/done=unhide-1/),
      page.getByRole("button", { name: "Unhide", exact: true }).click(),
    ]);
    await page.getByText("Shown again: 1 comment.").waitFor();
    const again = await api<{ comments: Array<{ comment_text: string }> }>("/api/recaps/1/comments");
    expect(again.comments.map((c) => c.comment_text)).toContain("Buy cheap bottles at example.invalid");
    expectNoUnexpectedErrors();
    await context.close();
  });

  it("lets a member change their password: the old one stops working", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await signIn(page, EDITOR);
    await page.goto("/admin/account");
    await hydrated(page);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByLabel("New password again").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your current password is not right.").waitFor();
    await page.getByLabel("Current password").fill(EDITOR.password);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByLabel("New password again").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed. You were signed out everywhere else.").waitFor();
    // Still signed in here, with the new session.
    await page.goto("/admin/recaps");
    await page.getByRole("heading", { level: 1, name: "Recaps" }).waitFor();
    await context.close();

    const other = await openPage(browser, server.url);
    await other.page.goto("/admin/sign-in");
    await hydrated(other.page);
    await other.page.getByLabel("Email").fill(EDITOR.email);
    await other.page.getByLabel("Password").fill(EDITOR.password);
    await other.page.getByRole("button", { name: "Sign in" }).click();
    await other.page.getByText("Wrong email or password.").waitFor();
    await signIn(other.page, { email: EDITOR.email, password: "a-brand-new-password" });
    EDITOR.password = "a-brand-new-password";
    expectNoUnexpectedErrors([/status of 400/]);
    other.expectNoUnexpectedErrors([/status of 401/]);
    await other.context.close();
  });

  it("signs out everywhere: another browser's session ends too", async () => {
    const first = await openPage(browser, server.url);
    const second = await openPage(browser, server.url);
    await signIn(first.page, OWNER);
    await signIn(second.page, OWNER);
    await first.page.goto("/admin/account");
    await hydrated(first.page);
    // Both of these, and the owner's sessions from the earlier tests.
    const count = Number(
      /signed in on (\d+) devices/.exec(
        (await first.page.getByText(/You are signed in on \d+ devices or browsers\./).textContent())!,
      )![1],
    );
    expect(count).toBeGreaterThanOrEqual(2);
    await press(first.page, "Sign out everywhere", /\/admin\/sign-in$/);
    await second.page.goto("/admin/recaps");
    await second.page.waitForURL(/\/admin\/sign-in\?next=%2Fadmin%2Frecaps$/);
    await first.context.close();
    await second.context.close();
  });

  it("has no accessibility violations and fits a phone, on every page of the desk and its sign-in page", async () => {
    for (const viewport of [PHONE, undefined]) {
      const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, viewport);
      await page.goto("/admin/sign-in");
      await hydrated(page);
      await expectNoAxeViolations(page);
      await signIn(page, OWNER);
      for (const path of [
        "/admin",
        "/admin/recaps",
        "/admin/recaps/new",
        "/admin/episodes",
        "/admin/episodes/new",
        "/admin/comments",
        "/admin/staff",
        "/admin/account",
      ]) {
        await page.goto(path);
        await hydrated(page);
        await expectNoAxeViolations(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${path} fits`,
        ).toBe(true);
      }
      expectNoUnexpectedErrors();
      await context.close();
    }
  });
});
