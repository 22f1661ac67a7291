import { describe, expect, it } from "vitest";
import { fold } from "#common/content/fold.ts";
import { asksFilings, FILING_WORDS } from "./filing-words.ts";

describe("the words that ask for a company's filed figures", () => {
  it("take each example that asks, and none that does not", () => {
    for (const question of FILING_WORDS.examples.asks) expect(asksFilings(fold(question)), question).toBe(true);
    for (const question of FILING_WORDS.examples.not) expect(asksFilings(fold(question)), question).toBe(false);
  });
});
