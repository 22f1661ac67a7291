import { describe, expect, it } from "vitest";
import { COMPANIES } from "../../content/companies.server.ts";
import { asksListed, categoriesAsked, inCategories, measureAsked } from "../ranking-filters.ts";
import { RANKING_WORDS } from "./ranking-words.ts";
import { templateSource } from "./templates.ts";

const company = (name: string) => COMPANIES.find((c) => c.name === name)!;

describe("the ranking words", () => {
  it("are templates the compiler reads", () => {
    const all = [
      ...RANKING_WORDS.listed.templates,
      ...Object.values(RANKING_WORDS.measures).flat(),
      ...Object.values(RANKING_WORDS.categories).flatMap((c) => [...c.asked, ...c.describes]),
    ];
    for (const template of all) expect(() => templateSource(template), template).not.toThrow();
  });

  it("read the measure a ranking is asked by, the first that matches", () => {
    expect(measureAsked("which distributor has the biggest headcount?")).toBe("employees");
    expect(measureAsked("who covers the most states")).toBe("states");
    expect(measureAsked("how many states does it serve")).toBe("states");
    expect(measureAsked("top wine companies by volume")).toBe("cases");
    expect(measureAsked("who moves the most 9-liter cases")).toBe("cases");
    expect(measureAsked("biggest beer vendor by dollar share")).toBe("share");
    expect(measureAsked("who are the largest distributors?")).toBeUndefined();
  });

  it("read a listing asked for, and not a public figure", () => {
    expect(asksListed("which publicly traded suppliers are on the list?")).toBe(true);
    expect(asksListed("the publicly-listed ones")).toBe(true);
    expect(asksListed("what are the public companies among them")).toBe(true);
    expect(asksListed("is the figure public?")).toBe(false);
  });

  it("read the categories asked, and place a company by its own description", () => {
    expect(categoriesAsked("the largest vodka maker")).toEqual(["spirits"]);
    expect(categoriesAsked("top wine & spirits wholesalers")).toEqual(["wine", "spirits"]);
    expect(categoriesAsked("biggest brewers")).toEqual(["beer"]);
    expect(categoriesAsked("who are the largest distributors?")).toEqual([]);
    expect(inCategories(company("D.G. Yuengling & Son"), ["beer"])).toBe(true);
    expect(inCategories(company("D.G. Yuengling & Son"), ["wine"])).toBe(false);
    // A vodka seltzer's maker is no beer vendor, nor a Champagne house a wine company, by these words.
    expect(inCategories(company("Gallo"), ["beer"])).toBe(false);
  });
});
