import { z } from "zod";
import { compileTemplates } from "../../lexicon/templates.ts";
import file from "./filing-words.json" with { type: "json" };

// The words that ask for a listed company's filed figures: data (filing-words.json), with its examples.

const fileSchema = z
  .object({
    about: z.string().min(1),
    asks: z.array(z.string().min(1)).min(1),
    parts: z.array(z.string().min(1)).min(1),
    examples: z.object({ asks: z.array(z.string()).min(1), not: z.array(z.string()).min(1) }).strict(),
  })
  .strict();

export const FILING_WORDS = fileSchema.parse(file);
const ASKS_FILINGS = compileTemplates(FILING_WORDS.asks);
const ASKS_A_PART = compileTemplates(FILING_WORDS.parts);

/** Whether a question (folded, lower case) asks for a company's figures as filed, and not for a part of them. */
export const asksFilings = (question: string): boolean => ASKS_FILINGS.test(question) && !ASKS_A_PART.test(question);
