import { z } from "zod";
import file from "./synonyms.json" with { type: "json" };

// The search's synonyms: words as data (synonyms.json), each group a line of Solr's synonyms.txt.

/**
 * The words of one line of Solr's synonyms.txt of equivalent words ("tariff, duty, levy"). An
 * explicit mapping ("a => b") is refused: the search counts every word of a group as every other.
 */
export function solrSynonyms(line: string): string[] {
  if (line.includes("=>")) throw new Error(`Only groups of equivalent words are read, not mappings: ${line}`);
  const words = line.split(",").map((word) => word.trim().toLowerCase());
  if (words.length < 2 || words.some((word) => !/^[a-z0-9]+$/.test(word)))
    throw new Error(`A group is two or more single words, comma-separated: ${line}`);
  return words;
}

const fileSchema = z
  .object({
    about: z.string().min(1),
    /** Pairs of word lists that may share a word, each with the reason (lexicons.ts). */
    shared: z.array(z.object({ lists: z.tuple([z.string(), z.string()]), why: z.string().min(1) }).strict()),
    groups: z.array(z.object({ synonyms: z.string().min(1), why: z.string().min(1) }).strict()).min(1),
  })
  .strict();

export const SYNONYMS_FILE = fileSchema.parse(file);

/** Each group of equivalent words, as written. */
export const SYNONYM_GROUPS: readonly string[][] = SYNONYMS_FILE.groups.map((g) => solrSynonyms(g.synonyms));
