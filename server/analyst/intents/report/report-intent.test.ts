import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";

const hub = demoHub("report-");
const { routed, link } = analystAskers(hub, DEMO_NOW);
const sections = (markdown: string) => [...markdown.matchAll(/^### (.+)$/gm)].map((m) => m[1]);

describe("the report intent", () => {
  it("writes deep research as a sectioned report, its summary cited", () => {
    const { intent, markdown } = routed("What's trending in tequila in New York?", true);
    expect(intent).toBe("report");
    expect(sections(markdown)).toEqual([
      "Summary",
      "What the recaps say",
      "Companies involved",
      "Podcast coverage",
      "Sources",
    ]);
    // The summary leads with what the covering recaps conclude, then quotes the best of them.
    expect(markdown).toMatch(
      /### Summary\n\n\*\*In short:\*\* In New York bars, agave cocktails now lead the menu.+\n\n.+\(\[Tequila's New York Moment[^\]]*\]\(\/recap\/\d+/,
    );
  });

  it("places the players of a kind of drink with their figures", () => {
    const { markdown } = routed("Which suppliers are most exposed to a tariff on cognac and Scotch?", true);
    const companies = markdown.slice(
      markdown.indexOf("### Companies involved"),
      markdown.indexOf("### Podcast coverage"),
    );
    expect(companies).toMatch(/^- \[[^\]]+\]\(\/explorer\?company=\d+\) \([^)]+\): [A-Z]/m);
    expect(companies).toContain(link("Diageo North America"));
  });

  it("takes companies compared in deep research, with their comparison in it", () => {
    const { intent, markdown } = routed("Compare Diageo and Pernod Ricard", true);
    expect(intent).toBe("report");
    expect(markdown).toContain("| Fact |");
  });
});
