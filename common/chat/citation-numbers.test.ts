import { describe, expect, it } from "vitest";
import { numberCitations } from "./citation-numbers.ts";

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

  it("leaves an answer without citations as it is", () => {
    const plain = "No coverage yet. Try the [Weekly News Recap](/recap).";
    expect(numberCitations(plain)).toEqual({ markdown: plain, citations: [] });
  });
});
