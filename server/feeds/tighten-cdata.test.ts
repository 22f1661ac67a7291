import { generateRssFeed } from "feedsmith";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { tightenCdata } from "./tighten-cdata.ts";

describe("tightenCdata", () => {
  it("leaves no whitespace around a CDATA value that a parser would keep", async () => {
    const xml = generateRssFeed({
      title: "T",
      link: "https://x.test",
      description: "D",
      items: [{ title: "A & B", categories: [{ name: "M&A" }] }],
    });
    const item = (await new Parser().parseString(tightenCdata(xml))).items[0]!;
    expect(item.title).toBe("A & B");
    expect(item.categories).toEqual(["M&A"]);
  });
});
