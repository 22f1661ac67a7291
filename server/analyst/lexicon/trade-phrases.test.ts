import { describe, expect, it } from "vitest";
import { queryGroups } from "../hub-index.ts";
import { templateSource } from "./templates.ts";
import { TRADE_PHRASES_FILE } from "./trade-phrases.ts";

const terms = (question: string) => queryGroups(question).map((group) => group[0]);

describe("the trade's phrases", () => {
  it("are templates the compiler reads, each with why", () => {
    for (const { templates, why } of TRADE_PHRASES_FILE.phrases) {
      expect(why).toMatch(/\S/);
      for (const template of templates) expect(() => templateSource(template), template).not.toThrow();
    }
  });

  it("make each way of writing a phrase one token, as whole words", () => {
    for (const question of ["ready-to-drink launches", "ready to drink launches", "RTD launches"])
      expect(terms(question)).toContain("rtd");
    for (const question of ["on-prem tequila", "on premise tequila", "onprem tequila"])
      expect(terms(question)).toContain("onpremis");
    expect(terms("anything on no & low lately?")).toEqual(expect.arrayContaining(["nonalcohol", "lowalcohol"]));
    expect(terms("a falling-out with RNDC")).toContain("disput");
    expect(terms("pricey bottles")).toContain("premium");
    // Whole words only: "nycteris" is no city, "upscaled" no price tier.
    expect(terms("nycteris")).not.toContain("york");
    expect(terms("upscaled")).not.toContain("premium");
  });

  it("leave the rules that are more than a phrase to the code: the word after 'n/a', a state's code, a price range", () => {
    expect(terms("n/a spirits")).toEqual(expect.arrayContaining(["nonalcohol", "spirit"]));
    expect(terms("tequila in tx")).toContain("texa");
    expect(terms("the $25-$40 band")).toContain("priceti");
  });
});
