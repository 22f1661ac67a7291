import { z } from "zod";
import file from "./ranking-words.json" with { type: "json" };

// What narrows or reorders a ranking question: words as data (ranking-words.json).

const templates = z.array(z.string().min(1)).min(1);
const category = z.object({ asked: templates, describes: templates }).strict();
const fileSchema = z
  .object({
    about: z.string().min(1),
    listed: z.object({ about: z.string().min(1), templates }).strict(),
    brandRank: z
      .object({ about: z.string().min(1), templates, said: templates, notBetween: z.array(z.string().min(1)) })
      .strict(),
    /** The measures a ranking may be asked by, in the order they are tried. */
    measures: z.object({ employees: templates, states: templates, cases: templates, share: templates }).strict(),
    /** Each category: the words that ask for it, and those that describe a company in it. */
    categories: z.object({ beer: category, wine: category, spirits: category }).strict(),
  })
  .strict();

export const RANKING_WORDS = fileSchema.parse(file);
