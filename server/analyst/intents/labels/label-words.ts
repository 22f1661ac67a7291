import { z } from "zod";
import { compileTemplates } from "../../lexicon/templates.ts";
import file from "./label-words.json" with { type: "json" };

// The words that ask for a company's label approvals: data (label-words.json), with its examples.

const fileSchema = z
  .object({
    about: z.string().min(1),
    asks: z.array(z.string().min(1)).min(1),
    examples: z.object({ asks: z.array(z.string()).min(1), not: z.array(z.string()).min(1) }).strict(),
  })
  .strict();

export const LABEL_WORDS = fileSchema.parse(file);
const ASKS_LABELS = compileTemplates(LABEL_WORDS.asks);

/** Whether a question (folded, lower case) asks what labels a company has had approved. */
export const asksLabels = (question: string): boolean => ASKS_LABELS.test(question);
