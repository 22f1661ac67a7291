import { describe, expect, it } from "vitest";
import { MAX_CITATIONS, MAX_CITED_LINKS, numberCitations } from "./citation-numbers.ts";

describe("numberCitations", () => {
  const answer = [
    "## Tequila",
    "",
    "- Sales rose 5% in New York ([Tequila in NY: Key points](/recap/9)).",
    "- Agave prices fell ([Tequila in NY: Supply](/recap/9); [The Daily Shot, 0:06](/podcast?episode=2#episode-2&t=6)).",
    "- Again ([Tequila in NY: Key points](/recap/9)).",
    "- **[Diageo North America](/explorer?company=4)** leads.",
    "",
    "**Sources**",
    "",
    "- [Tequila in NY](/recap/9) (2026-11-13)",
    "- [Diageo North America](/explorer?company=4)",
  ].join("\n");

  it("numbers each distinct source and part once, in order, after its claim", () => {
    const { markdown, citations } = numberCitations(answer);
    expect(citations).toEqual([
      { n: 1, href: "/recap/9", label: "Tequila in NY: Key points" },
      { n: 2, href: "/recap/9", label: "Tequila in NY: Supply" },
      { n: 3, href: "/podcast?episode=2#episode-2&t=6", label: "The Daily Shot, 0:06" },
    ]);
    expect(markdown).toContain('- Sales rose 5% in New York [1](/recap/9 "cite").');
    expect(markdown).toContain(
      '- Agave prices fell [2](/recap/9 "cite") [3](/podcast?episode=2#episode-2&t=6 "cite").',
    );
    expect(markdown).toContain('- Again [1](/recap/9 "cite").');
  });

  it("leaves names that are not citations as links, and numbers the answer's list of sources", () => {
    const { markdown } = numberCitations(answer);
    expect(markdown).toContain("- **[Diageo North America](/explorer?company=4)** leads.");
    expect(markdown).toContain("- \\[1, 2\\] [Tequila in NY](/recap/9) (2026-11-13)");
    expect(markdown.endsWith("\n- [Diageo North America](/explorer?company=4)")).toBe(true);
  });

  // Issue 37, point 8: an episode cited at a moment, and a recap cited at its sections, are listed by their pages.
  it("numbers each listed page with the citations of its parts and moments; an episode links to its first cited moment", () => {
    const cited = [
      "- Sales rose ([Tequila in NY: Key points](/recap/9#key-points)).",
      "- Reposado gains ([Tequila talk: The Weekly Pour, 0:06](/podcast?episode=2#episode-2&t=6)).",
      "- Agave rules ([Tequila talk](/podcast?episode=2#episode-2)).",
      "- Later on ([Tequila talk: The Weekly Pour, 0:21](/podcast?episode=2#episode-2&t=21)).",
      "- Nothing on shelf sets ([Rum talk: The Daily Shot, 0:04](/podcast?episode=5#episode-5&t=4)).",
      "",
      "**Sources**",
      "",
      "- [Tequila in NY](/recap/9) (2026-11-13)",
      "- [Tequila talk](/podcast?episode=2#episode-2) (2026-11-16)",
      "- [Rum talk](/podcast?episode=5#episode-5) (2026-11-18)",
      "- [Gin talk](/podcast?episode=6#episode-6) (2026-11-19)",
    ].join("\n");
    const { markdown } = numberCitations(cited);
    expect(markdown).toContain("\n- \\[1\\] [Tequila in NY](/recap/9) (2026-11-13)");
    expect(markdown).toContain("\n- \\[2, 3, 4\\] [Tequila talk](/podcast?episode=2#episode-2&t=6) (2026-11-16)");
    expect(markdown).toContain("\n- \\[5\\] [Rum talk](/podcast?episode=5#episode-5&t=4) (2026-11-18)");
    // A listed source no claim cites stays as it is.
    expect(markdown).toContain("\n- [Gin talk](/podcast?episode=6#episode-6) (2026-11-19)");
  });

  it("leaves an answer without citations as it is", () => {
    const plain = "No coverage yet. Try the [Weekly News Recap](/recap).";
    expect(numberCitations(plain)).toEqual({ markdown: plain, citations: [] });
  });
});

// Issue 38: two patterns took time growing with the square of the text, so one view of a crafted
// shared conversation held the server for 36-58 s. The texts below are 150,000 characters: on
// 4494ae7 each took 20-60 s (these tests then time out); now each takes milliseconds. The
// figures are printed, not asserted; what is asserted is what each text becomes.
describe("numberCitations on crafted text (issue 38)", () => {
  const LONG = 150_000;
  const timed = <T>(label: string, run: () => T): T => {
    const started = performance.now();
    const result = run();
    console.info(`numberCitations, ${label}: ${(performance.now() - started).toFixed(1)} ms`);
    return result;
  };

  it("reads a cited claim followed by line breaks in time that grows with the text", { timeout: 10_000 }, () => {
    // Each line break began an attempt at a list item that read every line break after it.
    const breaks = "\n".repeat(LONG);
    const text = `- Sales rose ([Tequila in NY: Key points](/recap/9)).${breaks}Not a list.`;
    const { markdown, citations } = timed(`${LONG.toLocaleString("en-US")} line breaks`, () => numberCitations(text));
    expect(citations).toHaveLength(1);
    expect(markdown).toBe(`- Sales rose [1](/recap/9 "cite").${breaks}Not a list.`);
  });

  it("reads '([' repeated, and links left open, in time that grows with the text", { timeout: 10_000 }, () => {
    for (const [label, unit] of [
      ["'([' repeated", "(["],
      ["'([a](/x' repeated", "([a](/x"],
      ["'([a](/x); ' repeated", "([a](/x); "],
    ] as const) {
      const text = unit.repeat(LONG / unit.length);
      expect(timed(`${label}, ${text.length.toLocaleString("en-US")} characters`, () => numberCitations(text))).toEqual(
        { markdown: text, citations: [] },
      );
    }
  });

  it("numbers at most MAX_CITATIONS sources and MAX_CITED_LINKS citations; past them, links stay links", () => {
    const distinct = Array.from({ length: MAX_CITATIONS + 5 }, (_, i) => `- c${i} ([S${i}](/recap/${i}))`).join("\n");
    const many = numberCitations(distinct);
    expect(many.citations).toHaveLength(MAX_CITATIONS);
    expect(many.markdown).toContain(`- c${MAX_CITATIONS} ([S${MAX_CITATIONS}](/recap/${MAX_CITATIONS}))`);

    const repeated = Array.from({ length: MAX_CITED_LINKS + 5 }, () => "- again ([S](/recap/1))").join("\n");
    const once = numberCitations(repeated);
    expect(once.citations).toHaveLength(1);
    expect(once.markdown.split('"cite")').length - 1).toBe(MAX_CITED_LINKS);
    expect(once.markdown.split("([S](/recap/1))").length - 1).toBe(5);
  });
});
