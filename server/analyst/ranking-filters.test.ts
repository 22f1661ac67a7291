import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { measureOf, stateLeadClaim } from "./ranking-filters.ts";

const company = (name: string) => COMPANIES.find((c) => c.name === name)!;

describe("a company's figure for a ranking's measure", () => {
  it("reads a volume given as the headline figure from its typed value", () => {
    expect(measureOf(company("Tito's Handmade Vodka"), "cases")).toEqual({
      value: 12.2,
      said: company("Tito's Handmade Vodka").sales,
    });
  });

  it("never takes one of its brands' figures for the company's", () => {
    // Gallo's profile gives High Noon's cases ("the No. 1 spirits brand … 16.4 million cases"), not Gallo's.
    expect(measureOf(company("Gallo"), "cases")).toBeUndefined();
  });

  it("keeps the company's own sales claim, whatever brands it names", () => {
    expect(measureOf(company("Treasury Americas"), "cases")?.value).toBe(2.8);
  });
});

describe("a company's own claim to lead a state", () => {
  it("reads the state's largest from its data, in either wording", () => {
    expect(stateLeadClaim(company("Badger Liquor"), "Wisconsin")).toMatch(
      /Wisconsin's largest wine and spirits distributor/,
    );
    expect(stateLeadClaim(company("Empire Merchants"), "New York")).toMatch(/^New York's largest/);
  });

  it("is not the city's claim, another state's, or a business the company once owned", () => {
    const claimants = (state: string) => COMPANIES.filter((c) => stateLeadClaim(c, state)).map((c) => c.name);
    expect(claimants("New York")).toEqual(["Empire Merchants"]);
    expect(claimants("Minnesota")).toEqual([]);
    // "One of New Jersey's two largest" shares the place.
    expect(claimants("New Jersey")).toEqual([]);
    expect(stateLeadClaim(company("Badger Liquor"), "Minnesota")).toBeUndefined();
  });
});
