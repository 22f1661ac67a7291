import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Episode } from "#server/data/episodes.server.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

const SITE = "http://proofline.test";
const AUDIO = "2026-11-20-daily-holiday-resets.mp3";
const audioBytes = fs.readFileSync(path.join(ROOT, "content/media/podcast-episodes", AUDIO));
const demoEpisodes = JSON.parse(fs.readFileSync(path.join(ROOT, "content/episodes.json"), "utf8")) as Array<{
  date: string;
  title: string;
  weekly_daily: string;
  mp3_file?: string;
}>;

describe.each(ENGINES)("episodes API on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, COMMENT_RATE_PER_MINUTE: "100" });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });
  const get = async (p: string) => {
    const res = await fetch(`${server.url}${p}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("lists every episode newest first, or one series, with durations and sizes read from the files", async () => {
    const all = (await get("/api/episodes")).body.episodes as Episode[];
    expect(all.map((e) => e.title)).toEqual(
      [...demoEpisodes].sort((a, b) => b.date.localeCompare(a.date)).map((e) => e.title),
    );
    const withAudio = all.find((e) => e.mp3_file === AUDIO)!;
    expect(withAudio.byte_size).toBe(audioBytes.length);
    expect(withAudio.duration_seconds).toBeGreaterThan(5);
    expect(withAudio.audio_url).toBe(`/media/podcast-episodes/${AUDIO}`);
    expect(all.find((e) => !e.mp3_file)!.audio_url).toBeNull();
    for (const series of ["daily", "weekly"]) {
      const list = (await get(`/api/episodes?series=${series}`)).body.episodes as Episode[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((e) => e.weekly_daily === series)).toBe(true);
    }
    expect(await get("/api/episodes?series=monthly")).toEqual({
      status: 400,
      body: { error: "series must be daily or weekly" },
    });
  });

  it("answers the latest episode", async () => {
    const { status, body } = await get("/api/episodes/latest");
    expect(status).toBe(200);
    expect((body.episode as Episode).date).toBe("2026-11-20");
  });

  it("takes comments on an episode and lists them newest first", async () => {
    const post = (text: string) =>
      fetch(`${server.url}/api/episodes/1/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ author_name: "Ana", comment_text: text }),
      });
    expect((await post("first")).status).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect((await post("second")).status).toBe(201);
    const comments = (await get("/api/episodes/1/comments")).body.comments as Array<{
      comment_text: string;
      episode_id: number;
    }>;
    expect(comments.map((c) => c.comment_text)).toEqual(["second", "first"]);
    expect(comments[0]!.episode_id).toBe(1);
    expect(await get("/api/episodes/999/comments")).toEqual({ status: 404, body: { error: "Episode not found" } });
    expect((await post("")).status).toBe(400);
  });
});

describe("audio serving, feeds and the podcast page", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    server = await startServer(testDb.env);
    // A symlink inside the bucket that points outside it.
    fs.symlinkSync("/etc/hostname", path.join(testDb.dataDir, "media/podcast-episodes/escape.mp3"));
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });
  const audioUrl = () => `${server.url}/media/podcast-episodes/${AUDIO}`;
  const range = (value: string, init: RequestInit = {}) =>
    fetch(audioUrl(), { ...init, headers: { Range: value, ...(init.headers as Record<string, string>) } });

  it("serves the whole file with its type, length, validators and range support; HEAD too", async () => {
    const res = await fetch(audioUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(Number(res.headers.get("content-length"))).toBe(audioBytes.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes)).toBe(true);
    const etag = res.headers.get("etag")!;
    const modified = res.headers.get("last-modified")!;
    expect(etag).toBeTruthy();
    expect(modified).toBeTruthy();
    // fetch() adds "Cache-Control: no-cache" to a conditional request unless told otherwise; podcast apps do not.
    expect((await fetch(audioUrl(), { headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" } })).status).toBe(
      304,
    );
    expect(
      (await fetch(audioUrl(), { headers: { "If-Modified-Since": modified, "Cache-Control": "max-age=0" } })).status,
    ).toBe(304);
    const head = await fetch(audioUrl(), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(audioBytes.length);
  });

  it.each([
    ["bytes=0-1", 0, 1],
    ["bytes=100-199", 100, 199],
    ["bytes=1000-", 1000, audioBytes.length - 1],
    ["bytes=-500", audioBytes.length - 500, audioBytes.length - 1],
  ])("answers %s with 206 and exactly those bytes", async (header, start, end) => {
    const res = await range(header);
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${audioBytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(audioBytes.subarray(start, end + 1))).toBe(true);
  });

  it("answers an unsatisfiable range with 416 and the size", async () => {
    const res = await range(`bytes=${audioBytes.length}-`);
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${audioBytes.length}`);
  });

  it("answers any range with the right bytes and never a server error (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: audioBytes.length + 50 }),
        fc.nat({ max: audioBytes.length + 50 }),
        fc.constantFrom("full", "open", "suffix"),
        async (a, b, kind) => {
          const header = kind === "full" ? `bytes=${a}-${b}` : kind === "open" ? `bytes=${a}-` : `bytes=-${a}`;
          const res = await range(header);
          const body = Buffer.from(await res.arrayBuffer());
          expect(res.status).toBeLessThan(500);
          if (res.status === 206) {
            const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get("content-range")!)!;
            const [start, end, size] = [Number(m[1]), Number(m[2]), Number(m[3])];
            expect(size).toBe(audioBytes.length);
            expect(body.equals(audioBytes.subarray(start, end + 1))).toBe(true);
          } else if (res.status === 416) {
            expect(res.headers.get("content-range")).toBe(`bytes */${audioBytes.length}`);
          } else {
            // A range that is malformed (end before start, or an empty suffix) is ignored: the whole file.
            expect(res.status).toBe(200);
            expect(body.equals(audioBytes)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([
    "/media/podcast-episodes/../../proofline.sqlite",
    "/media/podcast-episodes/..%2F..%2Fproofline.sqlite",
    "/media/podcast-episodes/%2e%2e/%2e%2e/proofline.sqlite",
    "/media/podcast-episodes/%2Fetc%2Fpasswd",
    "/media/podcast-episodes//etc/passwd",
    "/media/podcast-episodes/x%00.mp3",
    "/media/podcast-episodes/escape.mp3",
    "/media/podcast-episodes/%E0%A4%A",
    "/media/weekly-summary-pics/..%5C..%5Cproofline.sqlite",
    "/media/other-bucket/file.mp3",
  ])("answers 404 for %s", async (p) => {
    const res = await fetch(`${server.url}${p}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/SQLite format|root:/);
  });

  it("publishes three podcast feeds Apple Podcasts accepts, read by an independent parser", async () => {
    const parser = new Parser({
      customFields: { feed: ["itunes:type", "podcast:guid", "podcast:locked", "language"], item: ["itunes:duration"] },
    });
    const artwork = await fetch(`${server.url}/podcast/artwork.jpg`, { headers: { Range: "bytes=0-1" } });
    expect(artwork.status).toBe(206);
    expect(artwork.headers.get("content-type")).toBe("image/jpeg");
    for (const [feedPath, series] of [
      ["/feeds/podcast.xml", null],
      ["/feeds/daily.xml", "daily"],
      ["/feeds/weekly.xml", "weekly"],
    ] as const) {
      const res = await fetch(`${server.url}${feedPath}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
      const xml = await res.text();
      const feed = await parser.parseString(xml);
      const f = feed as typeof feed & {
        itunes: { image: string; explicit: string; author: string; categories: string[] };
        language: string;
        "podcast:guid": string;
        "podcast:locked": string;
        "itunes:type": string;
      };
      expect(feed.title).toMatch(/^The Spirits Signal/);
      expect(feed.description!.length).toBeGreaterThan(20);
      expect(feed.link).toBe(`${SITE}/podcast`);
      expect(f.language).toBe("en-us");
      expect(f.itunes.image).toBe(`${SITE}/podcast/artwork.jpg`);
      expect(f.itunes.explicit).toBe("no");
      expect(f.itunes.author).toBe("Proofline");
      expect(f.itunes.categories).toContain("Business");
      expect(f["itunes:type"]).toBe("episodic");
      expect(f["podcast:guid"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(f["podcast:locked"]).toBe("yes");
      expect(xml).toContain(`<atom:link href="${SITE}${feedPath}" rel="self" type="application/rss+xml"/>`);

      const expected = demoEpisodes
        .filter((e) => e.mp3_file && (!series || e.weekly_daily === series))
        .sort((a, b) => b.date.localeCompare(a.date));
      expect(feed.items.map((i) => i.title)).toEqual(expected.map((e) => e.title));
      for (const item of feed.items) {
        const file = expected.find((e) => e.title === item.title)!.mp3_file!;
        expect(item.enclosure).toEqual({
          url: `${SITE}/media/podcast-episodes/${file}`,
          length: String(fs.statSync(path.join(ROOT, "content/media/podcast-episodes", file)).size),
          type: "audio/mpeg",
        });
        expect(item.guid).toMatch(/^[0-9a-f-]{36}$/);
        expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} 12:00:00 GMT$/);
        expect(Number((item as { "itunes:duration"?: string })["itunes:duration"])).toBeGreaterThan(0);
      }
    }
  });

  it("renders /podcast on the server with its Open Graph tags, PodcastSeries JSON-LD, feed links and a shareable filter", async () => {
    const html = await (await fetch(`${server.url}/podcast?series=weekly`)).text();
    expect(html).toContain('<meta property="og:image" content="http://proofline.test/podcast/artwork.jpg"/>');
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="The Daily Shot" href="\/feeds\/daily\.xml"\/>/,
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)![1]!) as {
      "@type": string;
      episode: unknown[];
    };
    expect(ld["@type"]).toBe("PodcastSeries");
    expect(ld.episode.length).toBe(demoEpisodes.filter((e) => e.weekly_daily === "weekly").length);
    expect(html).toContain("In-depth analysis and long-form discussions");
    expect(html).toContain("Audio file not available");
  });
});

describe.skipIf(!ENGINES.includes("postgres"))("the podcast page when the database is down", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase("postgres");
    server = await startServer(testDb.env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 503 with 'Error loading episodes' and does not crash", async () => {
    await testDb.drop(); // the database goes away under the running server
    const res = await fetch(`${server.url}/podcast`);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("Error loading episodes");
    expect(html).toContain("The Spirits Signal");
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});

describe("with MEDIA_BASE_URL set", () => {
  const CDN = "https://cdn.proofline.test/hub";
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    server = await startServer({ ...testDb.env, MEDIA_BASE_URL: CDN });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("points audio and image addresses at the external storage, in the API, the feeds and the pages", async () => {
    const episodes = ((await (await fetch(`${server.url}/api/episodes`)).json()) as { episodes: Episode[] }).episodes;
    expect(episodes.find((e) => e.mp3_file === AUDIO)!.audio_url).toBe(`${CDN}/podcast-episodes/${AUDIO}`);
    const feed = await new Parser().parseString(await (await fetch(`${server.url}/feeds/podcast.xml`)).text());
    expect(feed.items.every((i) => i.enclosure!.url.startsWith(`${CDN}/podcast-episodes/`))).toBe(true);

    const recap = (
      (await (await fetch(`${server.url}/api/recaps/10`)).json()) as {
        recap: { blog_image: string; blog_image_url: string };
      }
    ).recap;
    expect(recap.blog_image_url).toBe(`${CDN}/weekly-summary-pics/${recap.blog_image}`);
    const html = await (await fetch(`${server.url}/recap/10`)).text();
    expect(html).toContain(`<meta property="og:image" content="${CDN}/weekly-summary-pics/${recap.blog_image}"/>`);
  });
});
