// Every word list the analyst reads a question by, with its name: the lint over all of them
// (lexicons.test.ts) fails on a phrase in two lists of one stage unless the pair of lists is
// declared to share it. Two stages read words for different ends: the cues of intents and names
// (what a question asks, about what), and the search's weighing of the words left (which of them
// name no topic). "Older" both asks a comparison and names no topic, which is no contradiction; a
// word both dropped and weighed by the search would be.
import { MARKET_WORDS, WORD_LISTS } from "../intents/market-data/market-words.ts";
import { COMPARATIVES, COMPARED_MEASURES } from "./comparatives.ts";
import { DRINK_KINDS, DRINKS } from "./drinks.ts";
import { FACT_INTENT_FILE } from "./fact-intents.ts";
import { PLACES } from "./places.ts";
import { QUESTION_AIMS_FILE } from "./question-aims.ts";
import { QUESTION_WORD_LISTS, QUESTION_WORDS, questionWords } from "./question-words.ts";
import { SYNONYM_GROUPS, SYNONYMS_FILE } from "./synonyms.ts";
import { TRADE_PHRASES_FILE } from "./trade-phrases.ts";

export interface NamedList {
  name: string;
  words: readonly string[];
  /** The stage that reads the list: lists of different stages may share words. Cues when not given. */
  stage?: "cues" | "search";
}

export const LEXICON_LISTS: readonly NamedList[] = [
  ...WORD_LISTS.map((list) => ({ name: `market-words.${list}`, words: MARKET_WORDS.lists[list].words })),
  ...COMPARED_MEASURES.flatMap((measure) =>
    (["more", "less"] as const).map((side) => ({
      name: `comparatives.${measure}.${side}`,
      words: COMPARATIVES.measures[measure][side],
    })),
  ),
  ...DRINK_KINDS.map((kind) => ({ name: `drinks.${kind.name}`, words: kind.words })),
  // A template of plain words is a phrase like any list's; the others are checked by their examples.
  ...FACT_INTENT_FILE.intents.map(({ intent, templates }) => ({
    name: `fact-intents.${intent}`,
    words: templates.filter((t) => /^[a-z ]+$/.test(t)),
  })),
  ...QUESTION_WORD_LISTS.map((list) => ({
    name: `question-words.${list}`,
    words: questionWords(list),
    stage: "search" as const,
  })),
  ...SYNONYM_GROUPS.map((group) => ({ name: `synonyms.${group[0]}`, words: group, stage: "search" as const })),
  ...Object.entries(QUESTION_AIMS_FILE.aims).map(([aim, { asks }]) => ({
    name: `question-aims.${aim}`,
    words: asks.filter((t) => /^[a-z ]+$/.test(t)),
  })),
  ...TRADE_PHRASES_FILE.phrases.map(({ token, templates }) => ({
    name: `trade-phrases.${token || "dropped"}`,
    words: templates.filter((t) => /^[a-z ]+$/.test(t)),
    stage: "search" as const,
  })),
  { name: "places.cities", words: PLACES.cities.map((name) => name.toLowerCase()) },
  { name: "places.regions", words: PLACES.regions.map((name) => name.toLowerCase()) },
];

/** Pairs of lists that may share a phrase, as their files declare them. */
export const DECLARED_SHARED: ReadonlyArray<readonly [string, string]> = [
  ...MARKET_WORDS.shared.map(([a, b]) => [`market-words.${a}`, `market-words.${b}`] as const),
  ...DRINKS.shared.map(({ lists }) => lists),
  ...FACT_INTENT_FILE.shared.map(({ lists }) => lists),
  ...QUESTION_WORDS.shared.map(({ lists }) => lists),
  ...SYNONYMS_FILE.shared.map(({ lists }) => lists),
];

/** Each phrase found in two lists that are not declared to share it: "older" is in a and b. */
export function lexiconClashes(
  lists: readonly NamedList[],
  shared: ReadonlyArray<readonly [string, string]> = DECLARED_SHARED,
): string[] {
  const declared = (a: string, b: string) => shared.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const clashes: string[] = [];
  for (const stage of ["cues", "search"] as const) {
    const where = new Map<string, string[]>();
    for (const list of lists.filter((l) => (l.stage ?? "cues") === stage))
      for (const word of new Set(list.words)) where.set(word, [...(where.get(word) ?? []), list.name]);
    clashes.push(
      ...[...where]
        .filter(([, names]) => names.some((a, i) => names.slice(i + 1).some((b) => !declared(a, b))))
        .map(([word, names]) => `"${word}" is in ${names.join(" and ")}`),
    );
  }
  return clashes;
}
