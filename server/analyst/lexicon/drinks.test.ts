import { describe, expect, it } from "vitest";
import { FAMILIES } from "../../market/families.ts";
import { DRINK_KINDS, drinksIn, NARROWER_KINDS } from "./drinks.ts";

const names = (question: string) => drinksIn(question).map((kind) => kind.name);

describe("the drinks lexicon", () => {
  it("puts a word in one kind only, and names each kind once", () => {
    const seen = new Map<string, string>();
    for (const kind of DRINK_KINDS)
      for (const word of kind.words) {
        expect(seen.get(word), `"${word}" is in ${seen.get(word)} and ${kind.name}`).toBeUndefined();
        seen.set(word, kind.name);
      }
    expect(new Set(DRINK_KINDS.map((k) => k.name)).size).toBe(DRINK_KINDS.length);
  });

  it("places each kind in its family, with the words of its narrower kinds", () => {
    const bourbon = DRINK_KINDS.find((k) => k.name === "bourbon")!;
    expect(bourbon).toMatchObject({ family: "spirits", within: ["spirits", "whiskey"] });
    const whiskey = DRINK_KINDS.find((k) => k.name === "whiskey")!;
    expect(whiskey.allWords).toEqual(expect.arrayContaining(["whiskey", "bourbon", "scotch", "irish whiskey"]));
    expect(DRINK_KINDS.find((k) => k.name === "spirits")!.allWords).toEqual(
      expect.arrayContaining(["tequila", "cognac", "baijiu"]),
    );
  });

  it("gives the search the narrower kinds of a family's kinds, not the family's own", () => {
    const members = (word: string) => NARROWER_KINDS.find((k) => k.words.includes(word))?.members;
    expect(members("whiskey")).toEqual(expect.arrayContaining(["bourbon", "rye", "scotch"]));
    expect(members("agave")).toEqual(expect.arrayContaining(["tequila", "mezcal"]));
    expect(members("brandy")).toEqual(expect.arrayContaining(["cognac"]));
    // A question on bourbon is not one on whiskey; one on spirits or beer is not one on every kind of them.
    expect(members("bourbon")).toBeUndefined();
    expect(members("spirits")).toBeUndefined();
    expect(members("beer")).toBeUndefined();
    // A phrase is matched by its words: "irish whiskey" says "whiskey" already.
    expect(members("whiskey")).not.toContain("irish whiskey");
  });

  it("reads the kinds a question names, in its order, the longest name first", () => {
    expect(names("irish whiskey vs bourbon, who's growing?")).toEqual(["irish whiskey", "bourbon"]);
    expect(names("is baijiu showing up on restaurant menus in california")).toEqual(["baijiu"]);
    expect(names("are spirit-based RTDs taking share from hard seltzers")).toEqual(["ready to drink", "hard seltzer"]);
    expect(names("Who owns Diageo?")).toEqual([]);
  });

  it("agrees with the market figures' families: each family's words are its kind's, or narrower", () => {
    // Where the state groups a drink apart from the trade's taxonomy, on purpose: "brown spirits" is a
    // reader's word for whiskey, Iowa files Rock & Rye with its cocktails and mezcal under "other".
    const apart = new Set(["brown spirits", "rock & rye", "rock and rye"]);
    const disagree: string[] = [];
    for (const family of FAMILIES.filter((f) => f.kind)) {
      const kind = DRINK_KINDS.find((k) => k.name === family.kind);
      expect(kind, `${family.slug}'s kind "${family.kind}"`).toBeDefined();
      for (const word of [...family.words, ...family.members].filter((w) => !apart.has(w))) {
        const read = drinksIn(` ${word} `);
        if (!read.length || !read.every((k) => k === kind || k.within.includes(kind!.name)))
          disagree.push(`${family.slug}: "${word}" reads as ${read.map((k) => k.name).join(", ") || "nothing"}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});
