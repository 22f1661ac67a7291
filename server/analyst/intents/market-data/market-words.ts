import { z } from "zod";
import { fold } from "#common/content/fold.ts";
import { FAMILIES } from "../../../market/families.ts";
import wordsFile from "./market-words.json" with { type: "json" };

// The words a question about the market figures is read by: data (market-words.json, and each
// family's words in content/market-data/families.json), matched here as whole phrases.

export const WORD_LISTS = [
  "place",
  "figures",
  "liters",
  "dollars",
  "share",
  "rank",
  "reverse",
  "growth",
  "size",
  "compare",
  "categories",
  "amount",
  "this-year",
  "last-year",
  "since",
  "recent-years",
  "monthly",
  "counties",
  "follow-up",
  "frame",
  "counts",
] as const;
export type WordList = (typeof WORD_LISTS)[number];

const listSchema = z.object({ about: z.string().min(1), words: z.array(z.string().min(1)).min(1) });
const fileSchema = z.object({
  about: z.string(),
  lists: z.object(
    Object.fromEntries(WORD_LISTS.map((name) => [name, listSchema])) as Record<WordList, typeof listSchema>,
  ),
  months: z.object({ about: z.string().min(1), names: z.record(z.string().min(1), z.number().int().min(1).max(12)) }),
  shared: z.array(z.tuple([z.enum(WORD_LISTS), z.enum(WORD_LISTS)])),
});

export const MARKET_WORDS = fileSchema.parse(wordsFile);

/**
 * Text as phrases are matched in it: folded, curly quotes straightened, hyphens and punctuation
 * read as spaces ("best-selling" is "best selling"), "%", "$" and "&" as words of their own, and
 * padded with spaces so a phrase is found whole (" rum " is not in " drum ").
 */
export function phraseText(text: string): string {
  const words = fold(text)
    .replace(/[’‘]/g, "'")
    .replace(/([%$&])/g, " $1 ")
    .replace(/[^\p{L}\p{N}%$&#'\s]+/gu, " ")
    // An apostrophe only belongs inside a word ("iowa's"), not around one ('tequila').
    .replace(/(^|\s)'+|'+(?=\s|$)/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return ` ${words.join(" ")} `;
}

// Each list's phrases, and the families' words, as they are matched: read once.
const NEEDLES = new Map<string, string>();
const needleOf = (phrase: string) => {
  let needle = NEEDLES.get(phrase);
  if (needle === undefined) NEEDLES.set(phrase, (needle = phraseText(phrase)));
  return needle;
};

/** Where a phrase occurs in a phrase text: the index of each occurrence. */
function occurrences(text: string, phrase: string): number[] {
  const needle = needleOf(phrase);
  const at: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) at.push(i);
  return at;
}

export interface Found {
  /** The phrase as the list holds it. */
  phrase: string;
  /** Where in the phrase text it was found. */
  at: number;
}

/** The phrases of one list the text holds, longest first where two overlap. */
export function findWords(text: string, list: WordList): Found[] {
  return MARKET_WORDS.lists[list].words.flatMap((phrase) => occurrences(text, phrase).map((at) => ({ phrase, at })));
}

export const hasWord = (text: string, list: WordList) => findWords(text, list).length > 0;

/** The number "three" stands for, from the counts list (one to ten). */
export const countOf = (word: string): number | undefined => {
  const i = MARKET_WORDS.lists.counts.words.indexOf(word);
  return i >= 0 ? i + 1 : undefined;
};

export interface FamilyNamed {
  slug: string;
  /** The words the question named it by. */
  said: string;
  /** Set when the question named a part of the family ("bourbon"), not the whole. */
  member?: string;
  at: number;
}

/**
 * The families a question names, in the order it names them, by their words or their members'
 * (a plural in -s is read too: "vodkas", "rtds"), each family or part of one once. A longer
 * phrase wins over a shorter one inside it: "rye whiskey" is one member, not rye and whiskey.
 */
export function familiesIn(text: string): FamilyNamed[] {
  const found: Array<FamilyNamed & { length: number }> = [];
  for (const family of FAMILIES)
    for (const [phrase, member] of [
      ...family.words.map((w) => [w, undefined] as const),
      ...family.members.map((m) => [m, m] as const),
    ])
      for (const form of [phrase, `${phrase}s`, `${phrase}es`])
        for (const at of occurrences(text, form))
          found.push({
            slug: family.slug,
            said: phrase,
            at,
            length: needleOf(form).length,
            ...(member ? { member } : {}),
          });
  const kept = found
    .sort((a, b) => b.length - a.length || a.at - b.at)
    .filter((f, i, all) => !all.slice(0, i).some((o) => f.at >= o.at && f.at + f.length <= o.at + o.length));
  // Each family, or each part of one, once ("bourbon vs scotch" is two parts of whiskey).
  const byKey = new Map<string, FamilyNamed>();
  for (const { length: _, ...f } of kept.sort((a, b) => a.at - b.at))
    if (!byKey.has(`${f.slug}/${f.member ?? ""}`)) byKey.set(`${f.slug}/${f.member ?? ""}`, f);
  return [...byKey.values()];
}

/** The month a word names (1-12), from the months' names ("dec" → 12). */
export const monthOf = (word: string): number | undefined => MARKET_WORDS.months.names[word];

/** Every single word of the families' words and members, and their plurals: what a misspelling is put right towards. */
export const FAMILY_VOCABULARY: ReadonlySet<string> = new Set(
  FAMILIES.flatMap((f) => [...f.words, ...f.members])
    .flatMap((phrase) => phraseText(phrase).trim().split(" "))
    .filter((w) => /^\p{L}+$/u.test(w))
    .flatMap((w) => (w.endsWith("s") ? [w] : [w, `${w}s`])),
);
