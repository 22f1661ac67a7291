import { describe, expect, it } from "vitest";
import { fold } from "#common/content/fold.ts";
import { asksLabels, LABEL_WORDS } from "./label-words.ts";

describe("the words that ask for a company's label approvals", () => {
  it("take each example that asks, and none that does not", () => {
    for (const question of LABEL_WORDS.examples.asks) expect(asksLabels(fold(question)), question).toBe(true);
    for (const question of LABEL_WORDS.examples.not) expect(asksLabels(fold(question)), question).toBe(false);
  });
});
