import { describe, expect, it } from "vitest";
import { topicText } from "../hub-index.ts";
import { CONVERSATION_FILE } from "./conversation.ts";
import { templateSource } from "./templates.ts";

const topic = (question: string) => topicText(question).replace(/\s+/g, " ").trim();

describe("the phrases of conversation", () => {
  it("are templates the compiler reads, each group saying what its phrases share", () => {
    for (const group of CONVERSATION_FILE.groups) {
      expect(group.about).toMatch(/\S/);
      for (const template of group.templates) expect(() => templateSource(template), template).not.toThrow();
    }
  });

  it("are dropped from a question's topic, whole words only", () => {
    expect(topic("what's the deal with tequila these days?")).toBe("tequila ?");
    expect(topic("is rtd running out of steam or still a thing")).toBe("is rtd or");
    expect(topic("cognac's had a rough stretch huh")).toBe("cognac's had a huh");
    expect(topic("can you pull together a roundup on bourbon")).toBe("can you a on bourbon");
    // Inside a longer word, a phrase is not one: "so far" is not in "also farther".
    expect(topic("also farther west")).toBe("also farther west");
  });
});
