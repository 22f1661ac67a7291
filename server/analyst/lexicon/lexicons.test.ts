import { describe, expect, it } from "vitest";
import { DECLARED_SHARED, LEXICON_LISTS, lexiconClashes } from "./lexicons.ts";

describe("the analyst's word lists, all together", () => {
  it("put a phrase in two lists only where the pair is declared to share it", () => {
    expect(lexiconClashes(LEXICON_LISTS)).toEqual([]);
  });

  it("name a phrase put in two lists that do not declare it, and let a declared pair share", () => {
    const lists = [...LEXICON_LISTS, { name: "comparatives.age.copy", words: ["older"] }];
    expect(lexiconClashes(lists)).toEqual(['"older" is in comparatives.age.more and comparatives.age.copy']);
    expect(lexiconClashes(lists, [...DECLARED_SHARED, ["comparatives.age.more", "comparatives.age.copy"]])).toEqual([]);
  });

  it("check the search's lists against each other, and apart from the cues'", () => {
    const lists = [
      ...LEXICON_LISTS,
      { name: "question-words.copy", words: ["trend"], stage: "search" as const },
      // "lately" is a stop word of the search; a cue list may hold it too.
      { name: "cues.copy", words: ["lately"] },
    ];
    expect(lexiconClashes(lists)).toEqual(['"trend" is in question-words.stop and question-words.copy']);
  });

  it("hold every list the analyst reads", () => {
    expect(LEXICON_LISTS.map((l) => l.name)).toEqual(
      expect.arrayContaining(["market-words.place", "comparatives.age.more", "comparatives.age.less"]),
    );
  });
});
