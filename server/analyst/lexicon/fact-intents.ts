import { z } from "zod";
import file from "./fact-intents.json" with { type: "json" };
import { compileTemplates } from "./templates.ts";

// The facts of the company data a question asks for: intents as templates and examples (fact-intents.json).

export const FACT_INTENTS = ["rank", "size", "headquarters", "founded", "owner", "brands", "compare"] as const;
export type FactIntent = (typeof FACT_INTENTS)[number];

const fileSchema = z
  .object({
    about: z.string().min(1),
    /** Pairs of word lists that may share a word, each with the reason (lexicons.ts). */
    shared: z.array(z.object({ lists: z.tuple([z.string(), z.string()]), why: z.string().min(1) }).strict()),
    intents: z.array(
      z
        .object({
          intent: z.enum(FACT_INTENTS),
          templates: z.array(z.string().min(1)).min(1),
          unless: z.array(z.string().min(1)).optional(),
          examples: z.array(z.string().min(1)).min(1),
          not: z.array(z.string().min(1)),
        })
        .strict(),
    ),
  })
  .strict();

export const FACT_INTENT_FILE = fileSchema.parse(file);

/** Each intent with its templates compiled, in the file's order, which is the order they are read in. */
export const FACT_INTENT_PATTERNS: ReadonlyArray<{ intent: FactIntent; asks: RegExp; unless?: RegExp }> =
  FACT_INTENT_FILE.intents.map(({ intent, templates, unless }) => ({
    intent,
    asks: compileTemplates(templates),
    ...(unless ? { unless: compileTemplates(unless) } : {}),
  }));

/** The intents a question asks for, as the templates read it (folded, names slotted, "who's" spelt out). */
export const intentsOf = (question: string): FactIntent[] =>
  FACT_INTENT_PATTERNS.filter(({ asks, unless }) => asks.test(question) && !unless?.test(question)).map(
    ({ intent }) => intent,
  );
