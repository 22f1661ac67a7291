import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";

const hub = demoHub("brand-ranking-");
const { routed, context, link } = analystAskers(hub, DEMO_NOW);

describe("the brand-ranking intent", () => {
  it("answers 'the #1 vodka' from what the profiles say of their brands' places, each claim cited", () => {
    const { intent, markdown } = routed("whats the #1 vodka in the us?");
    expect(intent).toBe("brand-ranking");
    expect(markdown).toContain("The hub's Top Players table ranks companies, not brands.");
    expect(markdown).toContain(
      "- It is the largest vodka in the U.S., about 4 million cases ahead of No. 2 Smirnoff in 2024 (Impact Databank). ([Tito's Handmade Vodka: Market position]",
    );
    expect(markdown).toContain(link("Tito's Handmade Vodka"));
    expect(routed("biggest bourbon in the US?").markdown).toContain("Evan Williams as the world's No. 2 bourbon");
  });

  it("leaves a ranking of companies to the ranking, and deep research to the report", () => {
    expect(context("top beer vendors by dollar share - who's 1 through 5?").query.intent).toBe("ranking");
    expect(context("who are the biggest vodka makers?").query.intent).toBe("ranking");
    expect(context("whats the #1 vodka in the us?", true).query.intent).toBe("report");
  });
});
