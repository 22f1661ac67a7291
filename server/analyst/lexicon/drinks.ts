import { z } from "zod";
import { escapeRegExp } from "../company-names.ts";
import { phraseText } from "../intents/market-data/market-words.ts";
import file from "./drinks.json" with { type: "json" };

// The kinds of drink the trade sells, family → kinds → narrower kinds: words as data (drinks.json).

interface KindInFile {
  name: string;
  words: string[];
  kinds?: KindInFile[] | undefined;
}
const kindSchema: z.ZodType<KindInFile> = z.lazy(() =>
  z
    .object({
      name: z.string().min(1),
      words: z
        .array(
          z
            .string()
            .min(1)
            .regex(/^[a-z0-9 ]+$/, "lower case words and spaces"),
        )
        .min(1),
      kinds: z.array(kindSchema).optional(),
    })
    .strict(),
);
const fileSchema = z
  .object({
    about: z.string().min(1),
    /** Pairs of word lists that may share a word, each with the reason (lexicons.ts). */
    shared: z.array(z.object({ lists: z.tuple([z.string(), z.string()]), why: z.string().min(1) }).strict()),
    families: z.array(kindSchema).min(1),
  })
  .strict();

export const DRINKS = fileSchema.parse(file);

/** A kind of drink in the tree, with its family and the kinds it belongs to. */
export interface DrinkKind {
  name: string;
  family: string;
  /** The kinds above it, broadest first ("spirits", "whiskey" for bourbon). */
  within: string[];
  words: readonly string[];
  /** Its own words and those of every narrower kind: what a source about it may name. */
  allWords: readonly string[];
}

function flatten(kind: KindInFile, within: string[]): DrinkKind[] {
  const below = (kind.kinds ?? []).flatMap((k) => flatten(k, [...within, kind.name]));
  const self: DrinkKind = {
    name: kind.name,
    family: within[0] ?? kind.name,
    within,
    words: kind.words,
    allWords: [...kind.words, ...below.filter((k) => k.within.at(-1) === kind.name).flatMap((k) => k.allWords)],
  };
  return [self, ...below];
}

/** Every kind, families included, in the file's order. */
export const DRINK_KINDS: readonly DrinkKind[] = DRINKS.families.flatMap((family) => flatten(family, []));

// Each word with its kind, longest first, so "irish whiskey" is read before "whiskey".
const BY_WORD = DRINK_KINDS.flatMap((kind) => kind.words.map((word) => ({ word, kind }))).sort(
  (a, b) => b.word.length - a.word.length,
);

/** Text as the kinds' words are read in it: phrases, with hyphens as spaces ("ready-to-drink"). */
export const drinkText = (text: string) => phraseText(text.replace(/-/g, " "));

/**
 * The words of some kinds as one pattern over `drinkText`, the longest first, so "irish whiskey"
 * is one mention, not whiskey as well.
 */
export function kindWords(kinds: readonly DrinkKind[], flags = ""): RegExp {
  const words = [...new Set(kinds.flatMap((kind) => kind.allWords))].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<= )(?:${words.map(escapeRegExp).join("|")})(?= )`, flags);
}

/** The kinds of drink a question names, each once, in the order it names them. */
export function drinksIn(question: string): DrinkKind[] {
  let text = drinkText(question);
  const found: Array<{ at: number; kind: DrinkKind }> = [];
  for (const { word, kind } of BY_WORD) {
    const at = text.indexOf(` ${word} `);
    if (at < 0) continue;
    found.push({ at, kind });
    // Read once: "irish whiskey" is not whiskey as well.
    text = `${text.slice(0, at + 1)}${"_".repeat(word.length)}${text.slice(at + 1 + word.length)}`;
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.kind))];
}

/**
 * Each kind of a family that has narrower kinds, by its one-word words, with the one-word words of
 * the kinds below it: a question on whiskey is covered by a recap on bourbon, one on agave by one on
 * tequila, not the other way. A family's kinds are not members of it to the search: a question on
 * spirits is not one on every vodka, nor one on beer on every seltzer.
 */
export const NARROWER_KINDS: ReadonlyArray<{ words: readonly string[]; members: readonly string[] }> =
  DRINK_KINDS.filter((kind) => kind.within.length > 0 && kind.allWords.length > kind.words.length).map((kind) => ({
    words: kind.words.filter((word) => !word.includes(" ")),
    members: kind.allWords.filter((word) => !kind.words.includes(word) && !word.includes(" ")),
  }));
