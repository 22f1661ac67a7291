import { describe, expect, it } from "vitest";
import { rankedTable } from "#common/content/company-query.ts";
import { COMPANIES } from "../../../content/companies.server.ts";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { placeIntent } from "./place-intent.ts";

const hub = demoHub("place-");
const { routed, context, link } = analystAskers(hub, DEMO_NOW);
const named = (name: string) => `[${name}]${link(name)}`;

describe("the place intent", () => {
  it("names the company at one place of a table, with its figure", () => {
    const sixth = rankedTable(COMPANIES, "manufacturer")[5]!.company;
    const { intent, markdown } = routed("Who's number 6 among the manufacturers?");
    expect(intent).toBe("place");
    expect(markdown).toContain(
      `**${named(sixth.name)}** is #6 of the hub's top 25 U.S. alcoholic beverage manufacturers`,
    );
    const last = rankedTable(COMPANIES, "distributor").at(-1)!.company;
    expect(routed("who is the smallest of the top distributors?").markdown).toContain(`**${named(last.name)}** is #25`);
  });

  it("leaves a list with a place named in passing to the ranking", () => {
    expect(placeIntent.takes(context("the 3 biggest wholesalers, SGWS obviously #1, but who comes after?"))).toBe(
      false,
    );
  });
});
