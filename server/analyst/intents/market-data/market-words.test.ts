import { describe, expect, it } from "vitest";
import { countOf, familiesIn, findWords, MARKET_WORDS, monthOf, phraseText, WORD_LISTS } from "./market-words.ts";

// market-words.json: the words a question on the market figures is read by, one role per list.

describe("the market-data lexicon (market-words.json)", () => {
  it("writes every phrase as it is matched: lower case, no punctuation but %, $, &, # and an inner apostrophe", () => {
    for (const list of WORD_LISTS)
      for (const phrase of MARKET_WORDS.lists[list].words)
        expect(phraseText(phrase).trim(), `${list}: ${phrase}`).toBe(phrase);
    for (const name of Object.keys(MARKET_WORDS.months.names)) expect(phraseText(name).trim()).toBe(name);
  });

  it("puts a phrase in one list only, unless the file declares the two lists share words", () => {
    const shared = new Set(MARKET_WORDS.shared.map(([a, b]) => [a, b].sort().join("+")));
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const list of WORD_LISTS)
      for (const phrase of MARKET_WORDS.lists[list].words) {
        const before = seen.get(phrase);
        if (before && !shared.has([before, list].sort().join("+"))) clashes.push(`${phrase}: ${before}, ${list}`);
        seen.set(phrase, list);
      }
    expect(clashes).toEqual([]);
    // Each list holds a phrase once.
    for (const list of WORD_LISTS) {
      const words = MARKET_WORDS.lists[list].words;
      expect(new Set(words).size, list).toBe(words.length);
    }
  });

  it("names every month, by its name and its short form", () => {
    const numbers = new Set(Object.values(MARKET_WORDS.months.names));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([monthOf("december"), monthOf("dec"), monthOf("sept"), monthOf("decimal")]).toEqual([12, 12, 9, undefined]);
    expect([countOf("three"), countOf("ten"), countOf("dozen")]).toEqual([3, 10, undefined]);
  });

  it("finds phrases whole, with hyphens read as spaces", () => {
    const text = phraseText("Best-selling spirits in Iowa's stores, by volume?");
    expect(findWords(text, "rank").map((f) => f.phrase)).toEqual(["best selling"]);
    expect(findWords(text, "place").map((f) => f.phrase)).toEqual(["iowa's"]);
    expect(findWords(text, "liters").map((f) => f.phrase)).toEqual(["volume", "by volume"]);
    // "rum" is not in "drum", "gin" not in "ginger".
    expect(familiesIn(phraseText("a drum of ginger beer"))).toEqual([]);
  });

  it("finds the families by their words, plurals and parts, the longer phrase first", () => {
    const named = (q: string) => familiesIn(phraseText(q)).map((f) => (f.member ? `${f.slug}:${f.member}` : f.slug));
    expect(named("tequila or vodka?")).toEqual(["tequila", "vodka"]);
    expect(named("RTDs and whiskies")).toEqual(["cocktail", "whiskey"]);
    expect(named("rye whiskey vs bourbon")).toEqual(["whiskey:rye whiskey", "whiskey:bourbon"]);
    expect(named("rock and rye")).toEqual(["cocktail:rock and rye"]);
    expect(named("100% agave tequila")).toEqual(["tequila:100% agave tequila"]);
    expect(named("mezcal and cognac")).toEqual(["other:mezcal", "brandy:cognac"]);
    // "Beer" alone is not the state's high-proof beer, nor "cocktails" its bottled cocktails.
    expect(named("beer and cocktails")).toEqual([]);
  });
});
