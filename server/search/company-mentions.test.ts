import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { companyTerms, mentionedCompanies } from "./company-mentions.ts";

const idOf = (name: string) => COMPANIES.find((c) => c.name === name)!.id;
const named = (text: string) =>
  mentionedCompanies(COMPANIES, text).map((id) => COMPANIES.find((c) => c.id === id)!.name);

describe("company mentions", () => {
  it("finds a company by name, other name and key brand, as whole words in any case, in the order named", () => {
    expect(named("sgws and Diageo's Crown Royal; JACK DANIEL’S")).toEqual([
      "Southern Glazer's Wine & Spirits",
      "Diageo North America",
      "Brown-Forman",
    ]);
    expect(named("Patron and Moet, written without accents")).toEqual(["Bacardi USA", "Moët Hennessy USA"]);
  });

  it("never matches inside a longer word, nor by an ordinary word or a name another company's name holds", () => {
    expect(named("Gallons of Diageos, Campariland")).toEqual([]);
    expect(named("Barefoot in heaven, Miller and Jackson went to Yellowstone with a wine group")).toEqual([]);
    // "Glazer's" is part of "Southern Glazer's": it names neither company alone.
    expect(named("Glazer's")).toEqual([]);
    expect(companyTerms(COMPANIES, idOf("Glazer's Beer and Beverage"))!.terms).toEqual(["Glazer's Beer and Beverage"]);
  });

  it("gives each company its terms, shortest first, without ones a shorter term already covers", () => {
    const diageo = companyTerms(COMPANIES, idOf("Diageo North America"))!.terms;
    expect(diageo[0]).toBe("Diageo");
    expect(diageo).toContain("Crown Royal");
    expect(diageo).not.toContain("Diageo North America");
    expect(companyTerms(COMPANIES, 9999)).toBeUndefined();
  });
});
