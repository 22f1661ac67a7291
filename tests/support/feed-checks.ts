import fc from "fast-check";
import Parser from "rss-parser";
import { SaxesParser } from "saxes";
import { expect } from "vitest";

// What a feed reader, Apple Podcasts and Spotify need of a feed, checked the way they
// read it: rss-parser (xml2js) forgives what they refuse, so well-formedness is
// judged first by saxes, a parser that enforces XML 1.0 to the letter (its Char
// production, namespaces, entities, CDATA), and only then is the RSS read.

/** Every character XML 1.0 forbids or publishing refuses: C0 but tab and line breaks, DEL, C1, noncharacters, surrogate halves. */
export const FORBIDDEN_CHARACTERS: string[] = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).filter((c) => !"\t\n\r".includes(c)),
  "\u007f",
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
  "\ufffe",
  "\uffff",
  "\ufdd0",
  "\u{1fffe}",
  "\ud800",
  "\udfff",
];

/** Text XML carries when it is escaped well: markup, entities, a CDATA end, quotes, astral characters, a very long word. */
export const HOSTILE_BUT_ALLOWED = [
  "]]>",
  "<script>alert(1)</script>",
  "&amp; & &#0; &bogus;",
  `"double" 'single'`,
  "<![CDATA[x]]>",
  "🥃 Añejo",
  "Ｗ".repeat(40),
].join(" ");

/**
 * Any UTF-16 text: every code unit (lone surrogate halves and noncharacters included) and
 * astral characters. fast-check's own `unit: "binary"` gives the same range two hundred
 * times slower to generate (seconds per property on a loaded machine).
 */
export const anyText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
    ),
    maxLength,
  });

/** The first error a strict XML 1.0 parser finds in `xml`; undefined when the document is well-formed. */
export function wellFormednessProblem(xml: string): string | undefined {
  if (!xml.isWellFormed()) return "not UTF-16 text: a lone surrogate";
  const parser = new SaxesParser({ xmlns: true, position: true });
  let problem: string | undefined;
  parser.on("error", (err) => {
    problem ??= err.message;
  });
  parser.write(xml).close();
  return problem;
}

/** A feed's body as a reader gets it: 200, XML's media type, valid UTF-8 (a lone surrogate sent would not be). */
export async function fetchXml(url: string, type: RegExp = /^application\/rss\+xml; charset=utf-8$/) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type"), url).toMatch(type);
  return new TextDecoder("utf-8", { fatal: true }).decode(await res.arrayBuffer());
}

const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

export type ParsedFeed = Parser.Output<Record<string, unknown>> & Record<string, unknown>;

/**
 * Checks `xml` is well-formed, then that it is the RSS 2.0 the project's feed
 * tests ask for (a channel with title, link and description; items with a
 * title, an absolute link, a guid and an RFC 822 date), and, for a podcast
 * feed, what Apple Podcasts requires (language, artwork, explicit, a category,
 * a podcast:guid, and an audio enclosure with its length on every item).
 */
export async function checkRssFeed(xml: string, where: string, { podcast = false } = {}): Promise<ParsedFeed> {
  expect(wellFormednessProblem(xml), where).toBeUndefined();
  expect(xml, where).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\s*<rss [^>]*version="2\.0"/i);
  const feed = (await new Parser<Record<string, unknown>, Record<string, unknown>>({
    customFields: { feed: ["language", "podcast:guid"], item: ["itunes:duration"] },
  }).parseString(xml)) as ParsedFeed;
  expect(feed.title, where).toBeTruthy();
  expect(feed.link, where).toMatch(/^https?:\/\//);
  expect(feed.description, where).toBeTruthy();
  for (const item of feed.items) {
    expect(item.title || item.content, where).toBeTruthy();
    expect(item.link, where).toMatch(/^https?:\/\//);
    expect(item.guid, where).toBeTruthy();
    expect(item.pubDate, where).toMatch(RFC_822);
  }
  if (podcast) {
    const itunes = feed.itunes as { image?: string; explicit?: string; categories?: string[] } | undefined;
    expect(feed.language, where).toBe("en-us");
    expect(itunes?.image, where).toMatch(/^https?:\/\/.+\.jpg$/);
    expect(itunes?.explicit, where).toBe("no");
    expect(itunes?.categories?.length, where).toBeGreaterThan(0);
    expect(feed["podcast:guid"], where).toMatch(/^[0-9a-f-]{36}$/);
    for (const item of feed.items) {
      expect(item.enclosure?.url, where).toMatch(/^https?:\/\//);
      expect(Number(item.enclosure?.length), where).toBeGreaterThan(0);
      expect(item.enclosure?.type, where).toMatch(/^audio\//);
    }
  }
  return feed;
}
