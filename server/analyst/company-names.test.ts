import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { factIntents } from "./company-facts.ts";
import { companiesNamed, companyAliases, correctNames, NAME_SLOT, nameKey, slotNames } from "./company-names.ts";

const ALIASES = companyAliases(COMPANIES);
const asks = (question: string) => factIntents(slotNames(question, ALIASES));

describe("a question read around the names it gives", () => {
  it("reads each company or brand as one placeholder, in any of its spellings", () => {
    expect(slotNames("How long has Anheuser-Busch been around?", ALIASES)).toBe(
      `how long has ${NAME_SLOT} been around?`,
    );
    expect(slotNames("Is Tito's older than Brown Forman's bourbon business?", ALIASES)).toBe(
      `is ${NAME_SLOT} older than ${NAME_SLOT} bourbon business?`,
    );
    expect(slotNames("what about titos", ALIASES)).toBe(`what about ${NAME_SLOT}`);
  });

  it("asks what its wording asks, whatever the name is made of", () => {
    // A name of several words, or with a hyphen, is one word to the patterns that read the question.
    expect(asks("How long has Anheuser-Busch been around?")).toEqual(["founded"]);
    expect(asks("How long has Diageo been around?")).toEqual(["founded"]);
    // "Brands" in a company's name asks nothing about its brands.
    expect(asks("When was Heaven Hill Brands founded?")).toEqual(["founded"]);
    expect(asks("Where is Mark Anthony Brands based?")).toEqual(["headquarters"]);
    // The brands asked about still are.
    expect(asks("What brands does Heaven Hill Brands make?")).toEqual(["brands"]);
    expect(asks("Who makes Fireball?")).toEqual(["owner"]);
  });
});

describe("the names the trade uses, kept in the company data", () => {
  it("reads a declared alias, two letters and up, as its company", () => {
    const named = (q: string) => companiesNamed(q, ALIASES).map((id) => COMPANIES.find((c) => c.id === id)!.name);
    expect(named("Who owns RNDC?")).toEqual(["Republic National Distributing Company"]);
    expect(named("yuengling vs AB, which one's older?")).toEqual(["D.G. Yuengling & Son", "Anheuser-Busch"]);
    expect(named("when was B-F founded")).toEqual(["Brown-Forman"]);
  });

  it("reads a name with its words of kind taken off one at a time, not all at once", () => {
    const named = (q: string) => companiesNamed(q, ALIASES).map((id) => COMPANIES.find((c) => c.id === id)!.name);
    expect(named("Where is Manhattan Beer based?")).toEqual(["Manhattan Beer Distributors"]);
    expect(named("Who runs Breakthru Beverage these days?")).toEqual(["Breakthru Beverage Group"]);
    expect(named("how big is William Grant?")).toEqual(["William Grant & Sons USA"]);
    // What is left at the end may still be a place or a word, not a name (content/companies.json `notNames`).
    expect(named("What sells in Manhattan bars?")).toEqual([]);
    expect(named("what's happening in the Empire State?")).toEqual([]);
  });

  it("gives each alias to one company, and never another company's own name", () => {
    const owner = new Map<string, string>();
    for (const c of COMPANIES)
      for (const alias of c.aliases ?? []) {
        const key = nameKey(alias);
        expect(owner.get(key), `${alias} is declared for ${owner.get(key)} and ${c.name}`).toBeUndefined();
        owner.set(key, c.name);
        expect(
          COMPANIES.filter((o) => o !== c && nameKey(o.name) === key),
          alias,
        ).toEqual([]);
      }
    expect(owner.size).toBeGreaterThan(10);
  });
});

describe("misspelt names of several words", () => {
  // Words a reader uses that are no misspelling: the hub's own vocabulary stands in for this list.
  const WORDS = new Set(
    "the a of is was when how many where who what and or in business model wine beer breakthrough".split(" "),
  );
  const fix = (question: string) => correctNames(question, ALIASES, (word) => WORDS.has(word));

  it("are put right to the one company they are near, longest name first", () => {
    expect(fix("When was Republik National Distributing Co founded?")).toBe(
      "When was republic national distributing Co founded?",
    );
    expect(fix("who owns Hensly Beverage Company")).toBe("who owns hensley beverage company");
    expect(fix("Where is Columbia Distribting based?")).toBe("Where is columbia distributing based?");
    // A name that ends in a possessive is not taken for a misspelling of itself.
    expect(fix("who makes jack daniel's?")).toBe("who makes jack daniel's?");
    expect(companiesNamed(fix("how big is Reyes Beverge Group"), ALIASES)).toEqual([
      COMPANIES.find((c) => c.name === "Reyes Beverage Group")!.id,
    ]);
    // A word that is right English in a name of three ("Breakthru"), and a possessive.
    expect(fix("Breakthrough Beverage Group's revenue?")).toBe("breakthru beverage group's revenue?");
  });

  it("are left alone when the words are right, or the name is written as it is", () => {
    for (const question of [
      "is the business model of wine and beer changing?",
      "When was E. & J. Gallo Winery founded?",
      "Who owns J.J. Taylor Companies?",
    ])
      expect(fix(question)).toBe(question);
    expect(companiesNamed("When was JJ Taylor founded?", ALIASES)).toEqual(
      companiesNamed("When was J.J. Taylor Companies founded?", ALIASES),
    );
  });
});
