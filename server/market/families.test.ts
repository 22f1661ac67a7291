import { describe, expect, it } from "vitest";
import { sharedRows } from "../../tests/support/iowa-files.ts";
import { FAMILIES, familyBySlug, familyOf, familyOfTopic } from "./families.ts";

describe("market families (content/market-data/families.json)", () => {
  it(
    "put every category of the shared file in the family its own `type` column gives",
    { timeout: 60_000 },
    async () => {
      // The shared file's `type` is ialiquor's rule; ours must agree on every one of its 99 categories.
      const pairs = new Map<string, string>();
      for await (const row of sharedRows()) pairs.set(row.category, row.type);
      expect(pairs.size).toBe(99);
      const wrong = [...pairs].filter(([category, type]) => familyOf(category) !== type);
      expect(wrong).toEqual([]);
    },
  );

  it("read the portal's raw names the same way, whatever their case and spacing", () => {
    expect(familyOf("STRAIGHT BOURBON WHISKIES")).toBe("whiskey");
    expect(familyOf("Butterscotch Schnapps")).toBe("schnapps");
    expect(familyOf("Puerto Rico & Virgin Islands Rum")).toBe("rum");
    expect(familyOf("100%  Agave Tequila")).toBe("tequila");
    expect(familyOf("Mezcal")).toBe("other");
    expect(familyOf("")).toBe("unknown");
    expect(familyOf(undefined)).toBe("unknown");
  });

  it("name the family a topic's tag stands for, and none for a tag that is not a family", () => {
    expect(familyOfTopic("Bourbon")?.slug).toBe("whiskey");
    expect(familyOfTopic("RTD")?.slug).toBe("cocktail");
    expect(familyOfTopic("Tequila")?.slug).toBe("tequila");
    expect(familyOfTopic("Regulation")).toBeUndefined();
    // Every family has a distinct slug, and no tag stands for two families.
    expect(new Set(FAMILIES.map((f) => f.slug)).size).toBe(FAMILIES.length);
    const tags = FAMILIES.flatMap((f) => f.topics);
    expect(new Set(tags).size).toBe(tags.length);
  });
});

describe("readers' words for the families (families.json `words` and `members`)", () => {
  it("give each word to one family only, as a word for the whole or for a part, never both", () => {
    const owners = new Map<string, string[]>();
    for (const f of FAMILIES)
      for (const w of [...f.words, ...f.members]) owners.set(w, [...(owners.get(w) ?? []), f.slug]);
    expect([...owners].filter(([, slugs]) => slugs.length > 1)).toEqual([]);
  });

  it("name every family a reader asks for by name; the buckets only through their parts", () => {
    for (const f of FAMILIES.filter((f) => !["other", "unknown"].includes(f.slug)))
      expect(f.words.length, f.slug).toBeGreaterThan(0);
    expect(familyBySlug("other")?.words).toEqual([]);
    expect(familyBySlug("other")?.members).toContain("mezcal");
    // A family's topic tags that readers also type are among its words or parts.
    expect(familyBySlug("whiskey")?.members).toContain("bourbon");
    expect(familyBySlug("tequila")?.words).toContain("agave");
    expect(familyBySlug("cocktail")?.words).toContain("rtd");
  });
});
