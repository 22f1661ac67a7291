import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { brandOwnerIntent } from "./brand-owner-intent.ts";

const hub = demoHub("brand-owner-");
const { routed, context, link } = analystAskers(hub, DEMO_NOW);
const named = (name: string) => `[${name}]${link(name)}`;

describe("the brand-owner intent", () => {
  it("says whose a brand is, cited, and who owns that company", () => {
    const { intent, markdown } = routed("who makes fireball?");
    expect(intent).toBe("brand-owner");
    expect(markdown).toMatch(/^## Who owns Fireball/);
    expect(markdown).toContain(`**Fireball** belongs to ${named("Sazerac Company")}`);
    expect(markdown).toContain("- **Owner of Sazerac Company:**");
    expect(markdown).toContain("**Sources**");
  });

  it("leaves a company's own owner to the fact intent, and brands weighed against each other to the comparison", () => {
    expect(brandOwnerIntent.takes(context("Who owns Diageo North America?"))).toBe(false);
    expect(brandOwnerIntent.takes(context("who's bigger, the jack daniel's company or the buffalo trace owner?"))).toBe(
      false,
    );
  });
});
