import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, hydrated, launchBrowser, PHONE } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { siteContent, signedInContexts } from "../support/site-content.ts";
import { testToday } from "../support/clock.ts";
import { openDatabase } from "#server/db/client.ts";
import { COMPANIES } from "#server/content/companies.server.ts";

const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;

// Issue 27: the desk's Audience page, from traffic the test makes itself.
const TOKEN = "audience-e2e-admin-token-0123456789";
const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;
let episode: { id: number; title: string; audio_url: string };

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, TRUST_PROXY: "1", ANALYTICS_FLUSH_SECONDS: "0.1" }),
  ]);
  // The clock: an episode published today, so that today's downloads fall in its first 7 and 30
  // days whatever the date (the demo's episodes carry fixed dates and age out of those windows).
  const content = siteContent(server.url, TOKEN, testDb);
  const id = await content.episode({
    date: testToday(),
    title: "Audience test: today's episode",
    mp3_file: await content.upload("podcast-episodes", "2026-11-20-daily-holiday-resets.mp3"),
  });
  episode = ((await (await fetch(`${server.url}/api/episodes?limit=1`)).json()) as { episodes: (typeof episode)[] })
    .episodes[0]!;
  expect(episode.id).toBe(id);
  // Two listeners of the newest episode, and three readers of the recaps (one through a newsletter link).
  for (const address of ["198.51.100.1", "198.51.100.2"])
    await (
      await fetch(`${server.url}${new URL(episode.audio_url, "http://x").pathname}`, {
        headers: { "User-Agent": OVERCAST, "X-Forwarded-For": address },
      })
    ).arrayBuffer();
  for (const [address, query] of [
    ["198.51.100.3", ""],
    ["198.51.100.4", ""],
    ["198.51.100.5", "?utm_source=newsletter&utm_medium=email"],
  ])
    await (
      await fetch(`${server.url}/recap${query}`, { headers: { "User-Agent": CHROME, "X-Forwarded-For": address! } })
    ).arrayBuffer();
  // Two readers with the digest on: both follow tequila's market figures, one follows Diageo too.
  const database = openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl });
  for (const [email, follows] of [
    ["one@example.com", [["market", "tequila"]]],
    [
      "two@example.com",
      [
        ["market", "tequila"],
        ["company", String(diageo.id)],
      ],
    ],
  ] as const) {
    const { id } = await database.db
      .insertInto("newsletter_subscribers")
      .values({
        email,
        status: "none",
        digest: "on",
        source: "data",
        requested_at: new Date().toISOString(),
        unsubscribe_key: email,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [kind, item] of follows)
      await database.db
        .insertInto("reader_follows")
        .values({ subscriber_id: id, kind, item, created_at: new Date().toISOString() })
        .execute();
  }
  await database.close();
  await new Promise((r) => setTimeout(r, 500));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
});

describe("the desk's Audience page", () => {
  it("charts downloads, readers and subscribers with a table under each, and is axe-clean on a phone", async () => {
    const { js, plain } = await signedInContexts(browser, server.url, TOKEN);
    const page = await js.newPage();
    await page.goto("/admin/audience");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Audience" }).waitFor();
    await page.getByRole("img", { name: /Downloads per day 2 downloads in all/ }).waitFor();
    const byEpisode = page.getByRole("table", { name: "Downloads by episode" });
    expect(await byEpisode.getByRole("row", { name: new RegExp(episode.title.slice(0, 20)) }).innerText()).toMatch(
      /\b2\s+2\s+2\s+2$/,
    );
    expect(await page.getByRole("table", { name: "Downloads by app" }).innerText()).toMatch(/Overcast\s+2/);
    await page.getByRole("img", { name: "Listening apps Overcast 2 downloads." }).waitFor();
    await page.getByRole("img", { name: /^Top pages by views \/recap 3 page views/ }).waitFor();
    await page.getByRole("img", { name: /^Daily visitors 3 daily visitors in all/ }).waitFor();
    expect(await page.getByRole("table", { name: "Top pages" }).innerText()).toMatch(/\/recap\s+3\s+3/);
    expect(await page.getByRole("table", { name: "Where readers came from" }).innerText()).toContain(
      "Campaign: newsletter / email / -",
    );
    await page.getByRole("img", { name: /Confirmed sign-ups per day 0 confirmations in all/ }).waitFor();
    await page.getByText("No newsletter went out in this period.").waitFor();
    // What readers follow, most followed first, by kind, never by address.
    const followed = await page.getByRole("table", { name: "Most followed items" }).innerText();
    expect(
      followed
        .split("\n")
        .slice(2)
        .map((row) => row.split("\t")),
    ).toEqual([
      ["Tequila in Iowa", "Market data", "2"],
      [diageo.name, "Company", "1"],
    ]);
    expect(followed).not.toContain("@example.com");
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);

    // Each table downloads as CSV for a spreadsheet.
    const csv = await page.request.get(
      (await page.getByRole("link", { name: "Download CSV of downloads by episode" }).getAttribute("href"))!,
    );
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("episode_id,title,series,published,downloads_in_period,first_7_days,first_30_days,all_time");
    expect(text).toContain(`${episode.id},`);
    const unknown = await page.request.get("/admin/audience.csv?table=listeners");
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toBe("Unknown table or dates.\n");

    // Without JavaScript: the same figures, and the period form still works with its own button.
    const noJs = await plain.newPage();
    await noJs.goto("/admin/audience");
    await noJs.getByRole("img", { name: /Downloads per day 2 downloads in all/ }).waitFor();
    await noJs.getByLabel("Period", { exact: true }).selectOption("90");
    await Promise.all([noJs.waitForURL(/days=90/), noJs.getByRole("button", { name: "Show", exact: true }).click()]);
    await noJs.getByRole("table", { name: "Downloads by app" }).waitFor();
    // The dates form, with its own button: a period that holds no downloads says so.
    await noJs.getByLabel("From", { exact: true }).fill("2026-01-01");
    await noJs.getByLabel("To", { exact: true }).fill("2026-01-31");
    await Promise.all([
      noJs.waitForURL(/from=2026-01-01&to=2026-01-31/),
      noJs.getByRole("button", { name: "Show these dates" }).click(),
    ]);
    await noJs.getByRole("table", { name: "Downloads by episode" }).waitFor({ state: "detached" });
    await noJs.getByText("No downloads in this period.").first().waitFor();
    await noJs.goto("/admin/audience?from=2026-13-01");
    await noJs.getByRole("alert").getByText("Those dates were not understood: showing the last 30 days.").waitFor();
    await js.close();
    await plain.close();
  });

  it("is for staff only, and so is its CSV", async () => {
    const page = await fetch(`${server.url}/admin/audience`, { redirect: "manual" });
    expect(page.status).toBe(302);
    const csv = await fetch(`${server.url}/admin/audience.csv?table=downloads-by-day`, { redirect: "manual" });
    expect(csv.status).toBe(302);
  });
});
