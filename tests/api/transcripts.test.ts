import fs from "node:fs";
import path from "node:path";
import { parseRssFeed } from "feedsmith";
import { describe, expect, it } from "vitest";
import { adminSite, SITE_FOR_TESTS } from "../support/admin-site.ts";
import { ENGINES } from "../support/databases.ts";
import { ROOT } from "../support/server.ts";

const SITE = SITE_FOR_TESTS;
const MP3 = fs.readFileSync(path.join(ROOT, "content/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3"));
const SRT =
  "1\n00:00:00,000 --> 00:00:03,500\nThis is The Daily Shot.\n\n2\n00:00:03,500 --> 00:00:08,000\nHoliday resets are done.\n";

interface Reply {
  episode: { id: number; guid: string; transcript_url: string | null; chapters_url: string | null };
  total: number;
  error: string;
}

describe.each(ENGINES)("transcripts and chapters on %s", (engine) => {
  const admin = adminSite(engine);
  const { site, upload } = admin;
  const json = (method: string, p: string, body?: unknown) => admin.json<Reply>(method, p, body);
  const episode = (extra: Record<string, unknown>) => ({
    date: "2026-12-01",
    title: "With a transcript",
    description: "Test episode.",
    weekly_daily: "daily",
    ...extra,
  });

  it("takes a transcript and chapters with an episode, serves them at stable addresses with their types, and lists them in the feed", async () => {
    const { file } = (await upload("podcast-episodes", MP3, "ep.mp3")).body as { file: string };
    const created = await json(
      "POST",
      "/api/admin/episodes",
      episode({ mp3_file: file, transcript: SRT, chapters: "0:00 Welcome\n0:03 Holiday resets\n" }),
    );
    expect(created.status).toBe(201);
    const id = created.body!.episode.id as number;
    expect(created.body!.episode).toMatchObject({
      transcript_url: `/feeds/episodes/${id}/transcript.vtt`,
      chapters_url: `/feeds/episodes/${id}/chapters.json`,
    });

    const vtt = await fetch(`${site.server.url}/feeds/episodes/${id}/transcript.vtt`);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await vtt.text()).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:03.500\nThis is The Daily Shot.\n\n00:00:03.500 --> 00:00:08.000\nHoliday resets are done.\n",
    );
    const text = await fetch(`${site.server.url}/feeds/episodes/${id}/transcript.txt`);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await text.text()).toBe("This is The Daily Shot.\n\nHoliday resets are done.\n");
    const chapters = await fetch(`${site.server.url}/feeds/episodes/${id}/chapters.json`);
    expect(chapters.headers.get("content-type")).toBe("application/json+chapters; charset=utf-8");
    expect(await chapters.json()).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Welcome" },
        { startTime: 3, title: "Holiday resets" },
      ],
    });

    // What was said is searched like a recap: a case-insensitive substring of the transcript.
    const found = (await json("GET", `/api/episodes?q=${encodeURIComponent("HOLIDAY RESETS ARE DONE")}`))
      .body as unknown as { episodes: Array<{ id: number }> };
    expect(found.episodes.map((e) => e.id)).toEqual([id]);

    const feed = parseRssFeed(await (await fetch(`${site.server.url}/feeds/daily.xml`)).text());
    const item = feed.items!.find((i) => i.guid?.value === created.body!.episode.guid)!;
    expect(item.podcast?.transcripts).toEqual([
      { url: `${SITE}/feeds/episodes/${id}/transcript.vtt`, type: "text/vtt", language: "en", rel: "captions" },
      { url: `${SITE}/feeds/episodes/${id}/transcript.txt`, type: "text/plain", language: "en" },
    ]);
    expect(item.podcast?.chapters).toEqual({
      url: `${SITE}/feeds/episodes/${id}/chapters.json`,
      type: "application/json+chapters",
    });

    // A plain transcript is text only; removing one takes its address and tag away.
    expect(
      (await json("PATCH", `/api/admin/episodes/${id}`, { transcript: "Just the words." })).body!.episode
        .transcript_url,
    ).toBe(`/feeds/episodes/${id}/transcript.txt`);
    expect((await fetch(`${site.server.url}/feeds/episodes/${id}/transcript.vtt`)).status).toBe(404);
    expect(
      (await json("PATCH", `/api/admin/episodes/${id}`, { transcript: null, chapters: null })).body!.episode,
    ).toMatchObject({ transcript_url: null, chapters_url: null });
    expect((await fetch(`${site.server.url}/feeds/episodes/${id}/transcript.txt`)).status).toBe(404);
    const after = parseRssFeed(await (await fetch(`${site.server.url}/feeds/daily.xml`)).text()).items!.find(
      (i) => i.guid?.value === created.body!.episode.guid,
    )!;
    expect(after.podcast?.transcripts).toBeUndefined();
  });

  it("refuses a bad transcript or bad chapters with a 400 naming the line, and stores nothing", async () => {
    const before = (await json("GET", "/api/episodes")).body!.total;
    expect(
      await json(
        "POST",
        "/api/admin/episodes",
        episode({ transcript: "WEBVTT\n\n00:01.000 --> 00:02.000\nfine\n\n00:03.000 -> 00:04.000\nbroken\n" }),
      ),
    ).toEqual({
      status: 400,
      body: { error: "transcript: line 6: expected a timing line such as 00:00:01.000 --> 00:00:04.000" },
    });
    expect(await json("POST", "/api/admin/episodes", episode({ chapters: "0:00 Intro\nlater: Outro\n" }))).toEqual({
      status: 400,
      body: { error: 'chapters: line 2: expected "mm:ss Title", found "later: Outro"' },
    });
    expect(await json("POST", "/api/admin/episodes", episode({ chapters: { chapters: [] } }))).toMatchObject({
      status: 400,
    });
    expect((await json("GET", "/api/episodes")).body!.total).toBe(before);
    expect((await fetch(`${site.server.url}/feeds/episodes/999999/chapters.json`)).status).toBe(404);
  });
});
