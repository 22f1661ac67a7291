import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { noCoverageIntent } from "./no-coverage-intent.ts";

const hub = demoHub("no-coverage-");
const { routed, context } = analystAskers(hub, DEMO_NOW);

describe("the no-coverage intent", () => {
  it("says plainly that nothing covers a question, with questions the hub can answer", () => {
    const { intent, markdown, uncovered } = routed("sake breweries in Nevada");
    expect(intent).toBe("no-coverage");
    expect(uncovered).toBe(true);
    expect(markdown).toContain(
      "The hub has no coverage of “sake breweries in Nevada” yet: nothing in the weekly recaps, the Top Players profiles or the podcast matches it.",
    );
    expect(markdown).toContain("- What's trending in tequila in New York?");
  });

  it("points to the newest it has on a topic when only the period asked holds nothing", () => {
    const { intent, markdown } = routed("Top RTD launches in March 2025");
    expect(intent).toBe("no-coverage");
    expect(markdown).toContain("dated in March 2025 (2025-03-01 to 2025-03-31)");
    expect(markdown).toMatch(/The latest it has on this is dated 2026-11-\d\d: \[/);
  });

  it("never takes a question that names a company, or one the hub covers", () => {
    expect(noCoverageIntent.takes(context("What is Diageo doing in sake?"))).toBe(false);
    expect(noCoverageIntent.takes(context("What's trending in tequila?"))).toBe(false);
  });
});
