import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";

const hub = demoHub("compare-");
const { routed, recapUrl } = analystAskers(hub, DEMO_NOW);

describe("the compare intent", () => {
  it("leads with the verdict, then the table, then what the recaps say of the companies", async () => {
    const { intent, markdown } = routed("Which is older, Yuengling or Anheuser-Busch?");
    expect(intent).toBe("compare");
    expect(markdown.split("\n")[2]).toMatch(/^\*\*D\.G\. Yuengling & Son is older\*\*: founded in 1829/);
    const both = routed("Compare Diageo and Pernod Ricard").markdown;
    expect(both.indexOf("| Fact |")).toBeLessThan(both.indexOf("**What the hub says**"));
    expect(both).toContain(`(${await recapUrl("Diageo and Pernod Ricard")}`);
  });
});
