import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

const SITE = "http://proofline.test";

/** The demo recaps, from their files, newest first. */
const demo = fs
  .readdirSync(path.join(ROOT, "content/recaps"))
  .sort()
  .reverse()
  .map(
    (file) =>
      matter(fs.readFileSync(path.join(ROOT, "content/recaps", file), "utf8")).data as {
        headline: string;
        date: Date;
        tags: string[];
        blog_image?: string;
      },
  );

let testDb: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  server = await startServer(testDb.env);
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

const get = async (p: string) => {
  const res = await fetch(`${server.url}${p}`);
  return { res, text: await res.text() };
};

describe("the recap feed", () => {
  it("is RSS 2.0 that an independent parser reads: every recap, full HTML content, stable guids, RFC 822 dates, tags, images", async () => {
    const { res, text } = await get("/feeds/recaps.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    expect(text).toMatch(/<rss version="2.0"/);

    const feed = await new Parser({
      customFields: { item: [["media:content", "media", { keepArray: true }]] },
    }).parseString(text);
    expect(feed.title).toBe("Proofline Weekly Industry Recap");
    expect(feed.link).toBe(`${SITE}/recap`);
    expect(feed.items).toHaveLength(demo.length);
    expect(feed.items.map((i) => i.title)).toEqual(demo.map((d) => d.headline));

    for (const [n, item] of feed.items.entries()) {
      expect(item.link).toMatch(new RegExp(`^${SITE}/recap/\\d+$`));
      expect(item.guid).toBe(item.link);
      // RFC 822, as RSS 2.0 requires: "Fri, 20 Nov 2026 12:00:00 GMT".
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(new Date(item.pubDate!).toISOString().slice(0, 10)).toBe(demo[n]!.date.toISOString().slice(0, 10));
      expect(item.categories).toEqual(demo[n]!.tags);
      const html = (item as { "content:encoded"?: string })["content:encoded"] ?? "";
      expect(html).toContain("<strong>Sample content.</strong>");
      expect(html).toMatch(/<h[23]>/);
      const media = (item as { media?: Array<{ $: { url: string } }> }).media;
      if (demo[n]!.blog_image) {
        expect(media?.[0]?.$.url).toBe(`${SITE}/media/weekly-summary-pics/${demo[n]!.blog_image}`);
        expect(html).toContain(`<img src="${SITE}/media/weekly-summary-pics/${demo[n]!.blog_image}"`);
      } else {
        expect(media).toBeUndefined();
      }
    }
    // The same recap keeps the same guid on the next fetch.
    const again = await new Parser().parseString((await get("/feeds/recaps.xml")).text);
    expect(again.items.map((i) => i.guid)).toEqual(feed.items.map((i) => i.guid));
  });

  it("is announced on every page for feed readers to discover", async () => {
    for (const p of ["/", "/recap", "/recap/1", "/podcast", "/explorer", "/chat"]) {
      const { text } = await get(p);
      expect(text, p).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="Weekly Industry Recap" href="\/feeds\/recaps\.xml"\/>/,
      );
    }
  });
});

describe("the sitemap and robots.txt", () => {
  it("lists the site's pages, every recap with its date and every company profile", async () => {
    const { res, text } = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    for (const p of ["/", "/recap", "/podcast", "/explorer", "/chat"]) expect(text).toContain(`<loc>${SITE}${p}</loc>`);
    // Every company profile has its own address.
    for (const id of [1, 26, 50]) expect(text).toContain(`<loc>${SITE}/explorer?company=${id}</loc>`);
    const recapEntries = [
      ...text.matchAll(/<url><loc>http:\/\/proofline\.test\/recap\/(\d+)<\/loc><lastmod>([^<]+)<\/lastmod>/g),
    ];
    expect(recapEntries).toHaveLength(demo.length);
    expect(recapEntries.map((m) => m[2]!.slice(0, 10))).toEqual(demo.map((d) => d.date.toISOString().slice(0, 10)));
  });

  it("is named in robots.txt", async () => {
    expect((await get("/robots.txt")).text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe("a recap page as link previews and search engines see it (server HTML, no JavaScript)", () => {
  const meta = (html: string, key: string) =>
    [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, "g"))].map((m) =>
      m[1]!.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'"),
    );

  it("carries article Open Graph tags, a Twitter card, a canonical URL and NewsArticle JSON-LD", async () => {
    const newest = demo[0]!;
    const { res, text } = await get("/recap/10");
    expect(res.status).toBe(200);
    expect(text).toContain(`<title>${newest.headline} | Proofline</title>`);
    expect(text).toContain(`<link rel="canonical" href="${SITE}/recap/10"/>`);
    expect(meta(text, "og:type")).toEqual(["article"]);
    expect(meta(text, "og:title")).toEqual([newest.headline]);
    expect(meta(text, "og:url")).toEqual([`${SITE}/recap/10`]);
    expect(meta(text, "og:image")).toEqual([`${SITE}/media/weekly-summary-pics/${newest.blog_image}`]);
    expect(meta(text, "article:published_time")).toEqual(["2026-11-20"]);
    expect(meta(text, "article:tag")).toEqual(newest.tags);
    expect(meta(text, "twitter:card")).toEqual(["summary_large_image"]);
    expect(meta(text, "description")[0]).toMatch(/^Retail buyers are building holiday sets/);

    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(text)![1]!) as Record<
      string,
      unknown
    >;
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: newest.headline,
      datePublished: "2026-11-20",
      url: `${SITE}/recap/10`,
    });
    expect(text).toMatch(/\d+ min read/);
  });

  it("falls back to the site image when a recap has none", async () => {
    const { text } = await get("/recap/1");
    expect(meta(text, "og:image")).toEqual([`${SITE}/og-default.png`]);
  });

  it("answers 404 with the not-found text for an unknown or malformed id", async () => {
    for (const id of ["999", "abc", "-1"]) {
      const { res, text } = await get(`/recap/${id}`);
      expect(res.status, id).toBe(404);
      expect(text).toContain("Summary Not Found");
      expect(text).toContain("The requested summary could not be found.");
      expect(text).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("server-renders a shared search: /recap?q=tequila lists only the matches", async () => {
    const { res, text } = await get("/recap?q=tequila");
    expect(res.status).toBe(200);
    expect(text).toContain("Tequila&#x27;s New York Moment");
    expect(text).not.toContain("Distributor Consolidation Reshapes Route to Market");
    expect(text).toContain('value="tequila"');
  });
});
