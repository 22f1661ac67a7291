import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { publishedIntent } from "./published-intent.ts";

const hub = demoHub("published-");
const { routed, context } = analystAskers(hub, DEMO_NOW);
const dates = (markdown: string) => [...markdown.matchAll(/^- \[.*\) \((\d{4}-\d\d-\d\d)\):/gm)].map((m) => m[1]!);

describe("the published intent", () => {
  it("lists what was published in the period asked, newest first, with the period's dates", () => {
    const { intent, markdown } = routed("What did the hub publish last month?");
    expect(intent).toBe("published");
    expect(markdown).toContain("What the hub published last month (2026-10-01 to 2026-10-31), newest first:");
    expect(dates(markdown).length).toBeGreaterThan(2);
    expect(dates(markdown).every((d) => d.startsWith("2026-10-"))).toBe(true);
    expect(dates(markdown)).toEqual([...dates(markdown)].sort().reverse());
  });

  it("answers 'what's new?' with the newest recaps and episodes", () => {
    const { intent, markdown } = routed("What's new?");
    expect(intent).toBe("published");
    expect(markdown).toMatch(/^## The latest from the hub/);
    expect(dates(markdown)[0]).toBe("2026-11-20");
  });

  it("leaves a period with a topic to the topic's answer", () => {
    expect(publishedIntent.takes(context("What did the recaps say about tequila last month?"))).toBe(false);
    expect(publishedIntent.takes(context("Who owns Tito's?"))).toBe(false);
  });
});
