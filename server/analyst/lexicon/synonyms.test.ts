import { stemmer } from "stemmer";
import { describe, expect, it } from "vitest";
import { lexiconClashes, LEXICON_LISTS } from "./lexicons.ts";
import { solrSynonyms, SYNONYM_GROUPS } from "./synonyms.ts";

describe("the search's synonyms", () => {
  it("read a line of Solr's synonyms.txt, and refuse a mapping or a phrase", () => {
    expect(solrSynonyms("tariff, Duty ,levy")).toEqual(["tariff", "duty", "levy"]);
    expect(() => solrSynonyms("wholesaler => distributor")).toThrow(/mappings/);
    expect(() => solrSynonyms("price tag, cost")).toThrow(/single words/);
    expect(() => solrSynonyms("tariff")).toThrow(/two or more/);
  });

  it("put each word in one group, and give no two groups a stem", () => {
    const stems = SYNONYM_GROUPS.map((group) => new Set(group.map((word) => stemmer(word))));
    stems.forEach((group, i) =>
      stems.slice(i + 1).forEach((other) => expect([...group].filter((s) => other.has(s))).toEqual([])),
    );
    expect(lexiconClashes(LEXICON_LISTS.filter((list) => list.name.startsWith("synonyms.")))).toEqual([]);
  });

  it("never hold a word the search drops", () => {
    const clashes = lexiconClashes(LEXICON_LISTS.filter((list) => list.stage === "search"));
    expect(clashes.filter((clash) => clash.includes("synonyms."))).toEqual([]);
  });
});
