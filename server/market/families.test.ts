import { describe, expect, it } from "vitest";
import { sharedRows } from "../../tests/support/iowa-files.ts";
import { FAMILIES, familyOf, familyOfTopic } from "./families.ts";

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
