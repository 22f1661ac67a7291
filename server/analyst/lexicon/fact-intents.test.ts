import { describe, expect, it } from "vitest";
import { COMPANIES } from "../../content/companies.server.ts";
import { companyAliases, NAME_SLOT, slotNames } from "../company-names.ts";
import { factIntents } from "../company-facts.ts";
import { FACT_INTENT_FILE } from "./fact-intents.ts";
import { compileTemplates, templateSource } from "./templates.ts";

const ALIASES = companyAliases(COMPANIES);
const asks = (question: string) => factIntents(slotNames(question, ALIASES));

describe("the fact intents' templates", () => {
  it("compile alternatives, optional parts, word endings and slots", () => {
    expect(templateSource("who (owns|makes)")).toBe("who (?:owns|makes)");
    expect(templateSource("is [the ]parent")).toBe("is (?:the )?parent");
    expect(templateSource("employ*")).toBe(String.raw`employ\w*`);
    const owner = compileTemplates(["who is [the ]parent of {name}"]);
    expect(owner.test(`who is parent of ${NAME_SLOT}`)).toBe(true);
    expect(owner.test(`who is the parent of ${NAME_SLOT}`)).toBe(true);
    expect(owner.test("who is the parentage")).toBe(false);
    expect(() => templateSource("who (owns")).toThrow(/not closed/);
    expect(() => templateSource("{nothing}")).toThrow(/no slot/);
  });

  for (const { intent, examples, not } of FACT_INTENT_FILE.intents)
    it(`read each example of ${intent} as asking for it, and each of its counter-examples as not`, () => {
      for (const example of examples) expect(asks(example), example).toContain(intent);
      for (const other of not) expect(asks(other), other).not.toContain(intent);
    });
});
