import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { factIntent, sideBySideIntent } from "./fact-intent.ts";

const hub = demoHub("fact-");
const { routed, context, link, converse } = analystAskers(hub, DEMO_NOW);

describe("the fact intent", () => {
  it("answers a fact the company data holds from it alone, cited, with what to ask next", () => {
    const { intent, markdown } = routed("Who owns Tito's?");
    expect(intent).toBe("fact");
    expect(markdown).toMatch(/- \*\*Owner:\*\* Privately held.+\(\[Tito's Handmade Vodka: Owner\]/);
    expect(markdown).toContain(link("Tito's Handmade Vodka"));
    expect(markdown).toContain("**You could also ask**");
    expect(markdown).not.toContain("/recap/");
  });

  it("leaves a comparison to the compare intent, and a question with no fact in it to the others", () => {
    expect(factIntent.takes(context("Which is older, Yuengling or Anheuser-Busch?"))).toBe(false);
    expect(factIntent.takes(context("What's trending in tequila?"))).toBe(false);
  });

  it("leaves a brand's figure to its owner's profile: 'it' after a brand's owner is the brand", () => {
    const answer = converse("whose brand is High Noon?", "how many cases did it sell in 2023?");
    expect(answer).toContain("kept the lead in 2023 with about 21.4 million cases");
    expect(answer).not.toContain("**Size:**");
    // Its owner's headcount is still the owner's.
    expect(converse("whose brand is High Noon?", "how many employees does it have?")).toContain("**Employees:**");
  });

  it("takes 'they' after a narrowed ranking for its leader, not the whole table's", () => {
    const answer = converse(
      "who's the largest beer wholesaler in the country?",
      "what share of california's beer do they handle?",
    );
    expect(answer).toContain("**Reyes Beverage Group**");
    expect(answer).toContain("43% of the beer sold in California");
  });

  it("adds what the profile says on a size the data gives no figure for", () => {
    const answer = converse("who owns casamigos?", "and how did their north american sales do last fiscal year?");
    expect(answer).toContain("- **Size:** no published sales figure.");
    expect(answer).toContain("**What the profile says**");
    expect(answer).toContain("a 2.5% organic decline in North American net sales");
  });

  it("sets several companies side by side when their facts are asked and no comparison is", () => {
    const { intent, markdown } = routed("constellation or molson coors, which one has more sales");
    expect(intent).toBe("side-by-side");
    expect(markdown).toMatch(/^## Constellation Brands vs\. Molson Coors Beverage Company/);
    expect(markdown).toContain("| Size |");
    expect(sideBySideIntent.takes(context("who's bigger, Reyes or Breakthru?"))).toBe(false);
  });
});
