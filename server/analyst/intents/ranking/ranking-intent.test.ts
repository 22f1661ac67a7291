import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { rankingIntent } from "./ranking-intent.ts";

const hub = demoHub("ranking-");
const { routed, context, link, converse } = analystAskers(hub, DEMO_NOW);
const named = (name: string) => `[${name}]${link(name)}`;

describe("the ranking intent", () => {
  it("lists a table's leaders, as many as asked", () => {
    const { intent, markdown } = routed("who are the top 3 distributors?");
    expect(intent).toBe("ranking");
    expect(markdown).toMatch(/^## The top 3 U\.S\. alcohol distributors/);
    expect(markdown).toContain(`1. **${named("Southern Glazer's Wine & Spirits")}**`);
    expect(markdown).not.toMatch(/^4\. /m);
  });

  it("in a state, puts first the company whose data names it the state's largest, and says the ranks are national", () => {
    const markdown = routed("which distributor is the biggest for wine and spirits in wisconsin?").markdown;
    expect(markdown).toContain(`Within Wisconsin, the hub's data names **${named("Badger Liquor")}** the largest`);
    expect(markdown).toMatch(/^1\. \(table #\d+\) \*\*\[Badger Liquor\]/m);
    // The next turn's "it" is that leader.
    expect(
      converse("which distributor is the biggest for wine and spirits in wisconsin?", "when was it founded?"),
    ).toContain("- **Founded:** 1935");
  });

  it("orders by a measure from each company's own figure", () => {
    const markdown = routed("which distributors have the most employees?").markdown;
    expect(markdown).toContain("by employees");
    expect(markdown).toContain("as each company's own data gives it");
  });

  it("leaves a comparison of the companies named to the compare intent", () => {
    expect(rankingIntent.takes(context("who's bigger, Reyes or Breakthru?"))).toBe(false);
  });
});
