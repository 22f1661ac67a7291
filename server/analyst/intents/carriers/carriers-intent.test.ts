import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { carriersIntent } from "./carriers-intent.ts";

const hub = demoHub("carriers-");
const { routed, context } = analystAskers(hub, DEMO_NOW);

describe("the carriers intent", () => {
  it("lists the distributors that carry a supplier, and what their profiles claim of their place", () => {
    const { intent, markdown } = routed("who is the biggest anheuser-busch wholesaler?");
    expect(intent).toBe("carriers");
    expect(markdown).toMatch(/^## The largest distributors of Anheuser-Busch/);
    expect(markdown).toContain("The table ranks each distributor's whole business, not its Anheuser-Busch volume");
    expect(markdown).toContain("**What the profiles say**");
  });

  it("takes only the distributors' table narrowed by a manufacturer", () => {
    expect(carriersIntent.takes(context("who are the biggest beer suppliers?"))).toBe(false);
    expect(carriersIntent.takes(context("who is the biggest anheuser-busch wholesaler?"))).toBe(true);
  });
});
