import { describe, expect, it } from "vitest";
import { headingIds, headingSlug, PAGE_IDS } from "./heading-ids.ts";

describe("a heading's id", () => {
  it("is its words in lower case, joined by hyphens", () => {
    expect(headingSlug("Agave Keeps Climbing On-Premise")).toBe("agave-keeps-climbing-on-premise");
    expect(headingSlug("What's trending — and why?")).toBe("whats-trending-and-why");
    expect(headingSlug("Ménage à Trois: the $25–$40 band")).toBe("menage-a-trois-the-25-40-band");
    expect(headingSlug("  ★★★  ")).toBe("section");
  });

  it("is unique within its page: a repeat, or an id the page uses, takes the next number", () => {
    expect(headingIds(["Outlook", "Key points", "Outlook", "outlook!", "Outlook 2"])).toEqual([
      "outlook",
      "key-points",
      "outlook-2",
      "outlook-3",
      "outlook-2-2",
    ]);
    expect(PAGE_IDS).toContain("main");
    expect(headingIds(["Main", "Related reading"])).toEqual(["main-2", "related-reading-2"]);
  });
});
