import { z } from "zod";
import familiesFile from "../../content/market-data/families.json" with { type: "json" };

// The families market figures are grouped in, and the rules that put a category name in
// one: data (content/market-data/families.json), checked against the shared file's own
// `type` column in families.test.ts.

const familySchema = z.object({
  slug: z.string().regex(/^[a-z]+$/),
  label: z.string().min(1),
  categories: z.array(z.string()),
  topics: z.array(z.string().min(1)),
  words: z.array(z.string().min(1)).default([]),
  members: z.array(z.string().min(1)).default([]),
  /** The family's kind of drink in the analyst's taxonomy (server/analyst/lexicon/drinks.json). */
  kind: z.string().min(1).optional(),
});
const fileSchema = z.object({ about: z.string(), families: z.array(familySchema).min(1) });

export interface Family {
  slug: string;
  label: string;
  /** Tags (lower case) whose topic page shows this family's trend. */
  topics: string[];
  /** What readers call the whole family in a question (lower case): "whiskey", "rtd". */
  words: string[];
  /** Words for a part of the family (lower case): "bourbon" is whiskey, "mezcal" is in other spirits. */
  members: string[];
  /** Its kind of drink in the analyst's taxonomy (server/analyst/lexicon/drinks.json); none for the buckets. */
  kind?: string;
}

const parsed = fileSchema.parse(familiesFile);
const rules = parsed.families.map((f) => ({ slug: f.slug, patterns: f.categories.map((p) => new RegExp(p, "u")) }));

const lower = (words: string[]) => words.map((w) => w.toLowerCase());
export const FAMILIES: readonly Family[] = parsed.families.map(({ slug, label, topics, words, members, kind }) => ({
  slug,
  label,
  topics: lower(topics),
  words: lower(words),
  members: lower(members),
  ...(kind ? { kind } : {}),
}));

/** The family of a category name as the state writes it (any case); "unknown" for none. */
export function familyOf(category: string | undefined | null): string {
  const name = category?.trim().toLowerCase().replace(/\s+/g, " ") ?? "";
  if (!name || name === "na") return "unknown";
  return rules.find((r) => r.patterns.some((p) => p.test(name)))?.slug ?? "other";
}

export const familyBySlug = (slug: string): Family | undefined => FAMILIES.find((f) => f.slug === slug);

/** The family a topic's tag stands for ("Bourbon" → whiskey), if any. */
export function familyOfTopic(tag: string): Family | undefined {
  const name = tag.trim().toLowerCase();
  return FAMILIES.find((f) => f.topics.includes(name));
}
