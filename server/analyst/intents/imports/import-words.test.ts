import { describe, expect, it } from "vitest";
import { fold } from "#common/content/fold.ts";
import { asksImports, codeAsked, countryAsked, IMPORT_WORDS } from "./import-words.ts";

const NAMES = ["MEXICO", "UNITED KINGDOM", "FRANCE", "IRELAND", "CANADA"];

describe("the words of a question on spirits imports", () => {
  it("take each example that asks, and none that does not", () => {
    for (const q of IMPORT_WORDS.examples.asks) expect(asksImports(fold(q)), q).toBe(true);
    for (const q of IMPORT_WORDS.examples.not) expect(asksImports(fold(q)), q).toBe(false);
  });

  it("read the spirit's code and the country, by name or by its words", () => {
    expect(codeAsked("how much tequila did we import from mexico")).toBe("220890");
    expect(codeAsked("scotch imports")).toBe("220830");
    expect(codeAsked("spirits imports from france")).toBeUndefined();
    expect(countryAsked("whiskey imports from the united kingdom", NAMES)).toBe("UNITED KINGDOM");
    expect(countryAsked("how much scotch did we import", NAMES)).toBe("UNITED KINGDOM");
    expect(countryAsked("irish whiskey imports", NAMES)).toBe("IRELAND");
    // A country the figures do not hold is not found by its words.
    expect(countryAsked("japanese whisky imports", NAMES)).toBeUndefined();
  });
});
