import fs from "node:fs";
import path from "node:path";
import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { withoutForbiddenCharacters } from "#server/content/forbidden-characters.ts";
import { hydrated, launchBrowser, openPage } from "../support/browser.ts";
import { ENGINES, freshDatabase, type Engine, type TestDatabase } from "../support/databases.ts";
import { setUpDeskOwner } from "../support/desk-client.ts";
import {
  checkRssFeed,
  fetchXml,
  FORBIDDEN_CHARACTERS,
  HOSTILE_BUT_ALLOWED,
  wellFormednessProblem,
  type ParsedFeed,
} from "../support/feed-checks.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

// Issue 38: one vertical tab in an episode title made /feeds/podcast.xml unreadable to
// Apple Podcasts and Spotify, and 21 of 50 feeds broke on such characters. Hostile text
// goes in every way there is (the publishing API, the desk's forms pressed in Chromium,
// straight into the database as rows stored before the fix would be), and then every
// feed and the sitemap must be well-formed to a strict XML parser and still be the RSS
// the feed tests ask for, carrying the allowed text exactly.

const TOKEN = "feeds-test-admin-token-0123456789";
const OWNER = { name: "Fiona Feeds", email: "feeds@proofline.test", password: "feeds-password-123" };
const AUDIO = path.join(ROOT, "content/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3");

const hex = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
/** The refusal a client reads for `ch` found at `where`, in words. */
const refusal = (ch: string, where: string) =>
  /\p{Cc}/u.test(ch)
    ? `must not contain control characters (${hex(ch)} at ${where})`
    : /[\ud800-\udfff]/.test(ch)
      ? `must not contain half of a character (a lone surrogate, ${hex(ch)} at ${where})`
      : `must not contain noncharacters (${hex(ch)} at ${where})`;

/** Hostile text that is allowed, made one line for a one-line field, with a very long word. */
const ONE_LINE = `Hostile ${HOSTILE_BUT_ALLOWED} ${"x".repeat(40)}`;
const STORED_TAG = `Stored${FORBIDDEN_CHARACTERS.join("|")}Tag`;
const WITH_LINES = `Line one\twith a tab\r\n${HOSTILE_BUT_ALLOWED}\n\n${"Longword".repeat(100)}\n\n<b>bold</b> & "quoted"`;
/** A recap's text: the same, and one word of 60,000 characters. */
const CONTENT = `${WITH_LINES}\n\n${"Verylongword".repeat(5000)}`;

describe.each(ENGINES)("feeds after hostile text on %s", (engine: Engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, SITE_URL: "http://proofline.test" }),
    ]);
    await setUpDeskOwner(server.url, TOKEN, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await testDb?.drop();
  });

  const admin = async (method: string, p: string, body: unknown) => {
    const res = await fetch(`${server.url}/api/admin${p}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const withDatabase = async <T>(work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>) => {
    const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  const stored = () =>
    withDatabase(async (db) => ({
      recaps: (
        await db.selectFrom("weekly_summaries").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()
      ).n,
      episodes: (
        await db.selectFrom("podcast_episodes").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()
      ).n,
      headlines: (await db.selectFrom("weekly_summaries").select("headline").execute()).map((r) => r.headline),
    }));

  const recap = {
    date: "2026-12-04",
    headline: "Fine headline",
    content: "Fine text",
    snippets: "Fine",
    tags: ["Fine"],
  };
  const episode = {
    date: "2026-12-04",
    title: "Fine title",
    description: "Fine",
    weekly_daily: "daily",
    tags: ["Fine"],
  };

  it("the publishing API refuses each forbidden character in every text field with 400 naming the field and the place, and stores nothing", async () => {
    const before = await stored();
    const { body: created } = await admin("POST", "/recaps", { ...recap, external_key: "fine" });
    const fineId = (created.recap as { id: number }).id;
    const cases: Array<[string, string, unknown, string]> = [];
    for (const ch of FORBIDDEN_CHARACTERS) {
      const one = `Bad${ch}text`;
      const lines = `Line one\nBad${ch}text`;
      cases.push(
        ["/recaps", "headline", { ...recap, headline: one }, refusal(ch, "character 4")],
        ["/recaps", "content", { ...recap, content: lines }, refusal(ch, "line 2, column 4")],
        ["/recaps", "snippets", { ...recap, snippets: lines }, refusal(ch, "line 2, column 4")],
        ["/recaps", "tags.1", { ...recap, tags: ["Fine", one] }, refusal(ch, "character 4")],
        ["/recaps", "external_key", { ...recap, external_key: one }, refusal(ch, "character 4")],
        ["/episodes", "title", { ...episode, title: one }, refusal(ch, "character 4")],
        ["/episodes", "description", { ...episode, description: lines }, refusal(ch, "line 2, column 4")],
        ["/episodes", "tags.0", { ...episode, tags: [one] }, refusal(ch, "character 4")],
        [`/recaps/${fineId}`, "headline", { headline: one }, refusal(ch, "character 4")],
        ["/episodes/1", "title", { title: one }, refusal(ch, "character 4")],
      );
    }
    // Tabs and line breaks are refused where a field is one line.
    for (const ch of ["\t", "\n", "\r"])
      cases.push([
        "/recaps",
        "headline",
        { ...recap, headline: `Bad${ch}text` },
        `must be one line, without tabs or line breaks (${hex(ch)} at character 4)`,
      ]);
    for (const [p, field, body, message] of cases) {
      const res = await admin(p.includes("/", 1) ? "PATCH" : "POST", p, body);
      expect(res, `${p} ${field} ${message}`).toEqual({ status: 400, body: { error: `${field}: ${message}` } });
    }
    expect(cases.length).toBe(68 * 10 + 3);
    const after = await stored();
    expect(after.recaps).toBe(before.recaps + 1);
    expect(after.episodes).toBe(before.episodes);
    expect(after.headlines.filter((h) => h === "Fine headline")).toHaveLength(1);
  });

  it("publishes hostile but allowed text through the API; a transcript's and chapters' forbidden characters (made by tools) are taken out", async () => {
    const audio = await fetch(`${server.url}/api/admin/media/podcast-episodes?name=hostile.mp3`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/octet-stream" },
      body: new Uint8Array(fs.readFileSync(AUDIO)),
    });
    expect(audio.status, await audio.clone().text()).toBe(201);
    const mp3 = ((await audio.json()) as { file: string }).file;
    const apiRecap = await admin("POST", "/recaps", {
      ...recap,
      headline: `API ${ONE_LINE}`,
      content: CONTENT,
      snippets: WITH_LINES,
      tags: ["M&A <deals>", `"Quoted" ]]> tag`],
    });
    expect(apiRecap.status, JSON.stringify(apiRecap.body)).toBe(201);
    const apiEpisode = await admin("POST", "/episodes", {
      ...episode,
      title: `API ${ONE_LINE}`,
      description: WITH_LINES,
      tags: ["M&A <deals>"],
      mp3_file: mp3,
      // Made by a transcription tool: its stray characters are taken out, not refused.
      transcript: "WEBVTT\n\n00:00.000 --> 00:02.000\nHello\u000b there\ufffe\n",
      chapters: '{"version":"1.2.0","chapters":[{"startTime":0,"title":"Open\\u000bing"}]}',
    });
    expect(apiEpisode.status, JSON.stringify(apiEpisode.body)).toBe(201);
    const episodeId = (apiEpisode.body.episode as { id: number }).id;
    const vtt = await (await fetch(`${server.url}/feeds/episodes/${episodeId}/transcript.vtt`)).text();
    expect(vtt).toContain("Hello there\n");
    const chapters = await (await fetch(`${server.url}/feeds/episodes/${episodeId}/chapters.json`)).json();
    expect(chapters).toEqual({ version: "1.2.0", chapters: [{ startTime: 0, title: "Opening" }] });
  });

  it("the desk's forms, pressed in Chromium, answer 400 naming each field that holds a forbidden character, store nothing, then publish the allowed text", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await page.goto("/admin/sign-in");
    await hydrated(page);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await Promise.all([page.waitForURL(/\/admin$/), page.getByRole("button", { name: "Sign in" }).click()]);

    /** Presses a button and answers the status of the form's POST. */
    const press = async (name: string) => {
      const [res] = await Promise.all([
        page.waitForResponse((r: Response) => r.request().method() === "POST"),
        page.getByRole("button", { name, exact: true }).click(),
      ]);
      return res.status();
    };

    // A recap: every text field holds a forbidden character; each is named, nothing is stored.
    const before = await stored();
    await page.goto("/admin/recaps/new");
    await hydrated(page);
    await page.getByLabel("Headline").fill("Desk \u000b headline");
    await page.getByLabel("Tags").fill("Fine, Bad\u0085tag");
    await page.getByLabel("Snippet").fill("Snippet\nwith \ufffe");
    await page.getByLabel("Text (markdown)").fill("Line one\nBell\u0007");
    expect(await press("Publish now")).toBe(400);
    await page.getByText("Headline must not contain control characters (U+000B at character 6).").waitFor();
    await page.getByText("Tags must not contain control characters (U+0085 at character 4).").waitFor();
    await page.getByText("Snippet must not contain noncharacters (U+FFFE at line 2, column 6).").waitFor();
    await page.getByText("Text must not contain control characters (U+0007 at line 2, column 5).").waitFor();
    expect(await page.getByLabel("Headline").inputValue()).toBe("Desk \u000b headline");
    expect(await stored()).toEqual(before);

    await page.getByLabel("Headline").fill(`Desk ${ONE_LINE}`);
    await page.getByLabel("Tags").fill("Desk & <tags>, Tequila");
    await page.getByLabel("Snippet").fill(WITH_LINES);
    await page.getByLabel("Text (markdown)").fill(CONTENT);
    await Promise.all([page.waitForURL(/\/admin\/recaps\/\d+\?done=published$/), press("Publish now")]);
    expect((await stored()).headlines).toContain(`Desk ${ONE_LINE}`);

    // An episode, with its audio uploaded on the page.
    await page.goto("/admin/episodes/new");
    await hydrated(page);
    await page.getByLabel("Audio").setInputFiles(AUDIO);
    await page.getByTestId("audio-facts").waitFor();
    await page.getByLabel("Title").fill("Desk \u001b title");
    await page.getByLabel("Series").selectOption("weekly");
    await page.getByLabel("Description").fill("Fine\nthen \uffff");
    await page.getByLabel("Tags").fill("Fine");
    expect(await press("Publish now")).toBe(400);
    await page.getByText("Title must not contain control characters (U+001B at character 6).").waitFor();
    await page.getByText("Description must not contain noncharacters (U+FFFF at line 2, column 6).").waitFor();
    await page.getByLabel("Title").fill(`Desk ${ONE_LINE}`);
    await page.getByLabel("Description").fill(WITH_LINES);
    await page.getByLabel("Tags").fill("Desk & <tags>");
    await Promise.all([page.waitForURL(/\/admin\/episodes\/\d+\?done=published$/), press("Publish now")]);
    expectNoUnexpectedErrors([/status of 400/]);
    await context.close();
  });

  /** What was written straight into the database, as it reads back (a driver may have replaced a lone surrogate). */
  let straight: { headline: string; title: string };

  it("takes rows written straight into the database with every forbidden character, as content stored before the fix would be", async () => {
    // PostgreSQL refuses NUL in text; everything else goes in as it is. Tags are stored as JSON,
    // which spells every control character and surrogate half as an escape, so they hold them all.
    const every = FORBIDDEN_CHARACTERS.filter((ch) => engine === "sqlite" || ch !== "\0").join("|");
    const bad = `Stored ${every} ]]\u0001> end`;
    straight = await withDatabase(async (db) => {
      const target = await db
        .selectFrom("podcast_episodes")
        .select("id")
        .where("mp3_file", "is not", null)
        .where("weekly_daily", "=", "daily")
        .where("title", "like", "Sample:%")
        .orderBy("date", "desc")
        .executeTakeFirstOrThrow();
      await db
        .updateTable("weekly_summaries")
        .set({ headline: bad, content: bad, snippets: bad, tags: JSON.stringify([STORED_TAG, "Tequila"]) })
        .where("id", "=", 1)
        .execute();
      await db
        .updateTable("podcast_episodes")
        .set({ title: bad, description: bad, tags: JSON.stringify([STORED_TAG]) })
        .where("id", "=", target.id)
        .execute();
      const recapRow = await db
        .selectFrom("weekly_summaries")
        .select("headline")
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      const episodeRow = await db
        .selectFrom("podcast_episodes")
        .select("title")
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      return { headline: recapRow.headline, title: episodeRow.title };
    });
    expect(wellFormednessProblem(`<a>${straight.headline}</a>`)).toBeDefined();
  });

  it("every feed and the sitemap are then well-formed to a strict XML parser, are the RSS the feed tests ask for, and carry the allowed text exactly", async () => {
    const base = server.url;
    const sitemap = await fetchXml(`${base}/sitemap.xml`, /^application\/xml; charset=utf-8$/);
    expect(wellFormednessProblem(sitemap)).toBeUndefined();
    const topicFeeds = [...sitemap.matchAll(/<loc>http:\/\/proofline\.test\/topics\/([^<]+)<\/loc>/g)].map(
      (m) => `/feeds/topics/${m[1]!}.xml`,
    );
    expect(topicFeeds).toEqual(
      expect.arrayContaining(["/feeds/topics/stored-tag.xml", "/feeds/topics/m-and-a-deals.xml"]),
    );

    const titles = (feed: ParsedFeed) => feed.items.map((i) => i.title);
    const read = (text: string) => withoutForbiddenCharacters(text).trim();
    const recaps = await checkRssFeed(await fetchXml(`${base}/feeds/recaps.xml`), "recaps");
    expect(titles(recaps)).toEqual(
      expect.arrayContaining([`API ${ONE_LINE}`, `Desk ${ONE_LINE}`, read(straight.headline)]),
    );
    // The pipes between the characters are left, and the replacement character a driver put for a surrogate half.
    expect(read(straight.headline)).toMatch(/^Stored [|\ufffd]+ \]\]> end$/);
    const apiItem = recaps.items.find((i) => i.title === `API ${ONE_LINE}`)!;
    expect(apiItem.categories).toEqual(["M&A <deals>", `"Quoted" ]]> tag`]);
    // The snippet is the item's description, markup and all, as typed.
    expect(apiItem.content).toBe(WITH_LINES);
    expect(recaps.items.find((i) => i.title === read(straight.headline))!.categories).toEqual([
      read(STORED_TAG),
      "Tequila",
    ]);

    for (const [feedPath, series] of [
      ["/feeds/podcast.xml", undefined],
      ["/feeds/daily.xml", "daily"],
      ["/feeds/weekly.xml", "weekly"],
    ] as const) {
      const feed = await checkRssFeed(await fetchXml(`${base}${feedPath}`), feedPath, { podcast: true });
      if (series !== "weekly")
        expect(titles(feed), feedPath).toEqual(expect.arrayContaining([`API ${ONE_LINE}`, read(straight.title)]));
      if (series !== "daily") expect(titles(feed), feedPath).toContain(`Desk ${ONE_LINE}`);
    }

    for (const feedPath of topicFeeds) await checkRssFeed(await fetchXml(`${base}${feedPath}`), feedPath);
    const stored = await checkRssFeed(await fetchXml(`${base}/feeds/topics/stored-tag.xml`), "stored-tag");
    expect(stored.title).toBe(`Proofline: ${read(STORED_TAG)}`);

    // The pages that show the same text still answer.
    for (const p of ["/recap/1", "/recap", "/podcast", "/topics/stored-tag"])
      expect((await fetch(`${base}${p}`)).status, p).toBe(200);
  });
});
