import fc from "fast-check";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import {
  anyText,
  FORBIDDEN_CHARACTERS,
  HOSTILE_BUT_ALLOWED,
  wellFormednessProblem,
} from "../../tests/support/feed-checks.ts";
import type { Episode } from "../data/episodes.server.ts";
import type { Recap } from "../data/recaps.server.ts";
import { withoutForbiddenCharacters } from "../content/forbidden-characters.ts";
import { podcastFeedXml } from "./podcast-feed.ts";
import { recapsFeedXml } from "./recaps-feed.ts";
import { sitemapXml } from "./sitemap.ts";
import { topicFeedXml } from "./topic-feed.ts";

// Whatever text the database holds (issue 38: content stored before the publishing
// boundary refused these characters, or written straight into the database), every
// feed stays well-formed XML and carries the text, less what XML cannot carry.

const site = { siteUrl: "https://hub.test", brand: "Proofline" };

/** Text as a database might hold it: anything at all, with the characters that break XML and markup that must be escaped. */
const storedText = fc
  .tuple(
    anyText(40),
    fc.constantFrom(...FORBIDDEN_CHARACTERS, "]]", ">", "]]>", "\t", "\n"),
    fc.constantFrom(HOSTILE_BUT_ALLOWED, "", "]]\u0001>", "a\u000b]]\u0000>b"),
  )
  // Something visible first: an item whose every character is stripped has no title, which its own test covers.
  .map((parts) => `Headline ${parts.join("")}`);

const recap = (text: string, id = 1): Recap => ({
  id,
  date: "2026-11-20",
  headline: text,
  content: text,
  snippets: text,
  tags: [text, "Tequila"],
  sample: false,
  blog_image: null,
  blog_image_url: null,
});

const episode = (text: string): Episode => ({
  id: 1,
  guid: "9b1d3f0e-8a2c-4b7d-9e1f-0a2b3c4d5e6f",
  date: "2026-11-20",
  title: text,
  description: text,
  weekly_daily: "daily",
  tags: [text],
  sample: false,
  mp3_file: "ep.mp3",
  audio_url: "/media/podcast-episodes/ep.mp3",
  byte_size: 1000,
  duration_seconds: 61,
  transcript_url: null,
  chapters_url: null,
});

const firstItem = async (xml: string) => (await new Parser().parseString(xml)).items[0]!;

describe("every feed, whatever the database holds", () => {
  it("is well-formed XML 1.0 to a strict parser, and carries the text less the characters XML forbids (property)", async () => {
    await fc.assert(
      fc.asyncProperty(storedText, async (text) => {
        const carried = withoutForbiddenCharacters(text);
        const feeds = {
          recaps: recapsFeedXml([recap(text)], site),
          podcast: podcastFeedXml("all", [episode(text)], site),
          topic: topicFeedXml(
            { slug: "tequila", name: text, recaps: 1, episodes: 0 },
            [
              {
                kind: "recap",
                id: 1,
                date: "2026-11-20",
                title: text,
                summary: text,
                url: "/recap/1",
                tags: [text],
                sample: false,
              },
            ],
            site,
          ),
        };
        for (const [name, xml] of Object.entries(feeds)) expect(wellFormednessProblem(xml), name).toBeUndefined();
        // A reader gets the text itself back, markup and entities as typed (the parser trims it).
        const read = (s: string) => s.trim();
        expect((await firstItem(feeds.recaps)).title).toBe(read(carried));
        expect((await firstItem(feeds.podcast)).title).toBe(read(carried));
        expect((await firstItem(feeds.topic)).categories).toEqual([read(carried)]);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("the sitemap is well-formed with such text in its dates and topics", async () => {
    for (const bad of FORBIDDEN_CHARACTERS) {
      const xml = (await sitemapXml(site.siteUrl, {
        recaps: [{ id: 1, date: `2026-11-20${bad}` }],
        topics: [`tequila${bad}`],
      }))!;
      expect(wellFormednessProblem(xml), bad.codePointAt(0)!.toString(16)).toBeUndefined();
      expect(xml).toContain("<loc>https://hub.test/recap/1</loc><lastmod>2026-11-20T00:00:00.000Z</lastmod>");
    }
  });

  it("the sitemap answers when a stored date is not a day, listing the recap without one (it used to never answer)", async () => {
    for (const date of ["nonsense", "2026-13-45", ""]) {
      const xml = (await sitemapXml(site.siteUrl, { recaps: [{ id: 1, date }], topics: [] }))!;
      expect(wellFormednessProblem(xml), date).toBeUndefined();
      expect(xml, date).toContain("<url><loc>https://hub.test/recap/1</loc><changefreq>");
    }
  });
});
