import { describe, expect, it } from "vitest";
import { sitemapXml } from "./sitemap.ts";

const recaps = Array.from({ length: 20 }, (_, i) => ({
  id: 20 - i,
  date: `2026-01-${String(20 - i).padStart(2, "0")}`,
}));
const content = { recaps, topics: ["tequila", "new-york"] };
const urls = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("sitemap", () => {
  it("lists every address in one file while they fit", async () => {
    const xml = (await sitemapXml("https://hub.test", content))!;
    expect(xml).toContain("<urlset");
    expect(urls(xml)).toContain("https://hub.test/recap/20");
    expect(urls(xml)).toContain("https://hub.test/topics/new-york");
    expect(urls(xml)).toHaveLength(6 + 20 + 50 + 2);
    expect(await sitemapXml("https://hub.test", content, 1)).toBeUndefined();
  });

  it("lists the market data's pages once the data holds a family, and none before", async () => {
    expect(urls((await sitemapXml("https://hub.test", content))!).some((u) => u!.includes("/data"))).toBe(false);
    const xml = (await sitemapXml("https://hub.test", { ...content, families: ["whiskey", "tequila"] }))!;
    expect(urls(xml).filter((u) => u!.includes("/data"))).toEqual([
      "https://hub.test/data",
      "https://hub.test/data/whiskey",
      "https://hub.test/data/tequila",
    ]);
  });

  it("becomes an index of parts once the addresses pass the per-file limit, each part within it, none lost", async () => {
    const perFile = 30;
    const index = (await sitemapXml("https://hub.test", content, 0, perFile))!;
    expect(index).toContain("<sitemapindex");
    expect(urls(index)).toEqual([
      "https://hub.test/sitemap-1.xml",
      "https://hub.test/sitemap-2.xml",
      "https://hub.test/sitemap-3.xml",
    ]);
    const parts = await Promise.all(
      [1, 2, 3].map(async (n) => urls((await sitemapXml("https://hub.test", content, n, perFile))!)),
    );
    expect(parts.map((p) => p.length)).toEqual([30, 30, 18]);
    expect(new Set(parts.flat()).size).toBe(78);
    expect(await sitemapXml("https://hub.test", content, 4, perFile)).toBeUndefined();
  });
});
