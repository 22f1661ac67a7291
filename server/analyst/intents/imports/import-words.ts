import { z } from "zod";
import { compileTemplates } from "../../lexicon/templates.ts";
import file from "./import-words.json" with { type: "json" };

// The words of a question on the U.S. imports of a spirit: data (import-words.json), with examples.

const fileSchema = z
  .object({
    about: z.string().min(1),
    asks: z.array(z.string().min(1)).min(1),
    figure: z.array(z.string().min(1)).min(1),
    notSpirits: z.array(z.string().min(1)).min(1),
    codes: z.record(z.string().regex(/^2208[2-9]0$/), z.array(z.string().min(1)).min(1)),
    countries: z.record(z.string().regex(/^[A-Z ,.'()-]+$/), z.array(z.string().min(1)).min(1)),
    withThe: z.array(z.string().regex(/^[A-Z ,.'()-]+$/)),
    examples: z.object({ asks: z.array(z.string()).min(1), not: z.array(z.string()).min(1) }).strict(),
  })
  .strict();

export const IMPORT_WORDS = fileSchema.parse(file);
const ASKS = compileTemplates(IMPORT_WORDS.asks);
const FIGURE = compileTemplates(IMPORT_WORDS.figure);
const NOT_SPIRITS = compileTemplates(IMPORT_WORDS.notSpirits);
const CODES = Object.entries(IMPORT_WORDS.codes).map(([code, words]) => ({ code, words: compileTemplates(words) }));
const COUNTRY_WORDS = Object.entries(IMPORT_WORDS.countries).map(([name, words]) => ({
  name,
  words: compileTemplates(words),
}));

/** Whether a question (folded, lower case) asks for a figure of the spirits imported. */
export const asksImports = (question: string): boolean =>
  ASKS.test(question) && FIGURE.test(question) && !NOT_SPIRITS.test(question);

/** The HS code a question names by its spirit ("tequila" → 220890); undefined for spirits in general. */
export const codeAsked = (question: string): string | undefined => CODES.find((c) => c.words.test(question))?.code;

/**
 * The country a question names, among `names` (the Census's, as the figures hold them): by its own
 * name first ("united kingdom"), then by the words the file gives for it ("scotch", "irish").
 */
export function countryAsked(question: string, names: readonly string[]): string | undefined {
  const byName = [...names]
    .sort((a, b) => b.length - a.length)
    .find((name) =>
      compileTemplates([
        name
          .toLowerCase()
          .replace(/[()[\]|*{}]/g, " ")
          .trim(),
      ]).test(question),
    );
  return byName ?? COUNTRY_WORDS.find((c) => names.includes(c.name) && c.words.test(question))?.name;
}

const WITH_THE = new Set(IMPORT_WORDS.withThe);
/** A country as an answer writes it after "from": "Mexico", "the United Kingdom". */
export const countryWords = (name: string): string =>
  `${WITH_THE.has(name) ? "the " : ""}${name.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase())}`;
