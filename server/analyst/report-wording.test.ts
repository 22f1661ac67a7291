// Sixth round (issue 25): research reports that place the companies their coverage names, and
// trade readers' informal words for channels, formats and plans. Questions written for these
// tests, not taken from the evaluation sets.
import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../tests/support/analyst-askers.ts";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { queryGroups } from "./hub-index.ts";

const hub = demoHub("report-");
const { ask } = analystAskers(hub, DEMO_NOW);

describe("a research report places the companies its coverage names", () => {
  it("gives the national houses a consolidation recap names, with their size and standing", () => {
    const report = ask("write me a report on wholesaler mergers and what they mean for the brands they carry", true);
    const companies = report.slice(report.indexOf("### Companies involved"), report.indexOf("### Podcast"));
    // The recap names the three national houses; their profiles hold the figures.
    expect(companies).toContain("/explorer?company=26");
    expect(companies).toContain("$26 billion");
    expect(companies).toContain("16.9%");
    expect(companies).toContain("$8.2 billion");
  });

  it("lists a company once, however many parts of the question find it", () => {
    const report = ask("research memo: canned cocktails, the state rules, who launches them and who sells them", true);
    const companies = report.slice(report.indexOf("### Companies involved"), report.indexOf("### Podcast"));
    const lines = companies.split("\n").filter((l) => l.startsWith("- [") && l.includes("/explorer?company="));
    const ids = lines.map((l) => /company=(\d+)/.exec(l)![1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the trade's informal words for channels, formats and plans", () => {
  it("reads a gas station's shop as the convenience channel", () => {
    expect(queryGroups("beer at the petrol station")).toContainEqual(queryGroups("convenience")[0]);
    const answer = ask("may a gin-based canned drink be sold at gas stations where beer is?");
    expect(answer).not.toContain("No coverage yet");
    expect(answer).toContain("strength rather than base");
  });

  it("reads a spirit-based can as a canned cocktail and a rollout as a launch", () => {
    expect(queryGroups("a rum-based can").flat()).toContain("rtd");
    expect(queryGroups("the rollout").flat()).toContain("launch");
    const answer = ask("our tequila-based can rolls out this summer: which state rules do we check first?");
    expect(answer).toContain("tax class");
  });

  it("does not read an everyday adverb as a trade word it is spelt like", () => {
    // "barely" is one letter from "barrel", a word of the hub's topics.
    expect(hub.index.correct("the buyer barely tastes it")).toBe("the buyer barely tastes it");
  });
});
