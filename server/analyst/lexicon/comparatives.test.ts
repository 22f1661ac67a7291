import { describe, expect, it } from "vitest";
import { COMPANIES } from "../../content/companies.server.ts";
import { companyAliases, slotNames } from "../company-names.ts";
import { COMPARATIVES, COMPARED_MEASURES, comparativeIn } from "./comparatives.ts";

const ALIASES = companyAliases(COMPANIES);
const read = (question: string) => comparativeIn(slotNames(question, ALIASES));

describe("the comparatives lexicon", () => {
  it("lists a phrase once, in one measure and one direction", () => {
    const seen = new Map<string, string>();
    for (const measure of COMPARED_MEASURES)
      for (const side of ["more", "less"] as const)
        for (const phrase of COMPARATIVES.measures[measure][side]) {
          expect(seen.get(phrase), `"${phrase}" is in ${seen.get(phrase)} and ${measure}.${side}`).toBeUndefined();
          seen.set(phrase, `${measure}.${side}`);
        }
  });

  it("reads which measure a comparison asks for, and which way", () => {
    expect(read("Which is older, Yuengling or Anheuser-Busch?")).toMatchObject({ measure: "age", more: true });
    expect(read("which has been around longer, gallo or heaven hill")).toMatchObject({ measure: "age", more: true });
    expect(read("Was Sazerac founded before Brown-Forman?")).toMatchObject({ measure: "age", more: true });
    expect(read("Is Tito's newer than Sazerac?")).toMatchObject({ measure: "age", more: false });
    expect(read("Who was founded first: Johnson Brothers or Hensley?")).toMatchObject({ measure: "age", more: true });
    expect(read("who moves the most cases, Reyes or Heidelberg?")).toMatchObject({ measure: "cases", more: true });
    expect(read("is Tito's bigger by volume than Bacardi?")).toMatchObject({ measure: "cases", more: true });
    expect(read("does Reyes employ more people than Heidelberg?")).toMatchObject({ measure: "employees", more: true });
    expect(read("who covers more states, RNDC or Southern Glazer's?")).toMatchObject({ measure: "states", more: true });
    expect(read("which has the smaller footprint, Fedway or Allied?")).toMatchObject({
      measure: "states",
      more: false,
    });
  });

  it("finds no comparison in a question that asks for none", () => {
    expect(read("When was Diageo founded?")).toBeUndefined();
    expect(read("How big is Heaven Hill compared with Sazerac?")).toBeUndefined();
  });
});
