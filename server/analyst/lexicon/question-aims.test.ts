import { describe, expect, it } from "vitest";
import { QUESTION_AIMS } from "./question-aims.ts";

const aimOf = (question: string) => QUESTION_AIMS.find(({ asks }) => asks.test(question))?.name;
const answers = (aim: string, text: string) => QUESTION_AIMS.find((a) => a.name === aim)!.answeredBy.test(text);

describe("what a question aims at beyond its topic", () => {
  it("reads a question for causes, and one for advice", () => {
    expect(aimOf("why are folks buying fewer nice bottles lately")).toBe("reasons");
    expect(aimOf("what's driving the rtd boom")).toBe("reasons");
    expect(aimOf("where should the n/a spirits go in my store")).toBe("advice");
    expect(aimOf("how do i get people to try our $70 bottle")).toBe("advice");
    expect(aimOf("is tequila still growing")).toBeUndefined();
    expect(aimOf("whyte & mackay")).toBeUndefined();
  });

  it("knows a section that gives it, by its title or its words", () => {
    expect(answers("reasons", "three causes, in order of weight")).toBe(true);
    expect(answers("reasons", "why it matters")).toBe(false);
    expect(answers("advice", "what to do this week")).toBe(true);
    expect(answers("advice", "questions to ask your distributor")).toBe(true);
    expect(answers("advice", "barrels everywhere")).toBe(false);
  });
});
