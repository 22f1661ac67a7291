import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { podcastListIntent } from "./podcast-list-intent.ts";

const hub = demoHub("podcast-list-");
const { routed, context } = analystAskers(hub, DEMO_NOW);
const dates = (markdown: string) =>
  [...markdown.matchAll(/\((\d{4}-\d\d-\d\d), The (?:Daily Shot|Weekly Pour)\)/g)].map((m) => m[1]!);

describe("the podcast-list intent", () => {
  it("takes a question about the podcast with no topic or company, and lists every episode newest first with both series named", () => {
    const { intent, markdown } = routed("What are the podcast episodes?");
    expect(intent).toBe("podcast-list");
    expect(markdown).toContain("The Spirits Signal has two series: **The Daily Shot** and **The Weekly Pour**.");
    expect(dates(markdown)).toEqual([...dates(markdown)].sort().reverse());
    expect(dates(markdown)).toHaveLength(7);
  });

  it("keeps to the series and the period a question names", () => {
    const { intent, markdown } = routed("Which Daily Shot episodes came out in November?");
    expect(intent).toBe("podcast-list");
    expect(markdown).toMatch(/^## The Daily Shot: the episodes published in November 2026, newest first/);
    expect(markdown).not.toContain("The Weekly Pour)");
    expect(dates(markdown).every((d) => d >= "2026-11-01" && d <= "2026-11-30")).toBe(true);
  });

  it("leaves a question with a topic to the topic's answer, and passes on a period with no episode", () => {
    expect(podcastListIntent.takes(context("Any podcast on tequila?"))).toBe(false);
    expect(podcastListIntent.takes(context("Any episodes of The Daily Shot published in March 2025?"))).toBe(true);
    expect(
      podcastListIntent.answer(context("Any episodes of The Daily Shot published in March 2025?")),
    ).toBeUndefined();
    expect(routed("Any episodes of The Daily Shot published in March 2025?").intent).toBe("no-coverage");
  });
});
