import { describe, expect, it } from "vitest";
import { QUESTION_WORD_LISTS, QUESTION_WORDS, questionWords } from "./question-words.ts";

describe("the words of a question that name no topic", () => {
  it("hold each word once in a list, and say what each group has in common", () => {
    for (const list of QUESTION_WORD_LISTS) {
      const words = questionWords(list);
      expect(
        words.filter((w, i) => words.indexOf(w) !== i),
        list,
      ).toEqual([]);
      for (const group of QUESTION_WORDS.lists[list].groups) expect(group.about).toMatch(/\S/);
    }
  });

  it("never both drop a word and weigh it: the stop words are in no other list", () => {
    const stop = new Set(questionWords("stop"));
    for (const list of QUESTION_WORD_LISTS.filter((l) => l !== "stop"))
      expect(
        questionWords(list).filter((w) => stop.has(w)),
        list,
      ).toEqual([]);
  });
});
