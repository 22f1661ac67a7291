import { z } from "zod";
import { phraseText } from "../intents/market-data/market-words.ts";
import file from "./comparatives.json" with { type: "json" };

// Which of two or more companies has more or less of a measure: words as data (comparatives.json).

export const COMPARED_MEASURES = ["age", "cases", "employees", "states", "share"] as const;
export type ComparedMeasure = (typeof COMPARED_MEASURES)[number];

const phrases = z
  .array(
    z
      .string()
      .min(1)
      .regex(/^[a-z0-9' ]+$/, "lower case words and spaces"),
  )
  .min(1);
const fileSchema = z.object({
  about: z.string().min(1),
  measures: z
    .object(
      Object.fromEntries(
        COMPARED_MEASURES.map((m) => [m, z.object({ about: z.string().min(1), more: phrases, less: phrases })]),
      ) as Record<ComparedMeasure, z.ZodObject<{ about: z.ZodString; more: typeof phrases; less: typeof phrases }>>,
    )
    .strict(),
});

export const COMPARATIVES = fileSchema.parse(file);

/** A comparison a question asks for: the measure, and whether the one with more of it is wanted. */
export interface Comparative {
  measure: ComparedMeasure;
  more: boolean;
  /** The phrase that asked it, as written in the lexicon. */
  said: string;
}

/** The comparison a question asks for, read from its wording (the first phrase found, longest first). */
export function comparativeIn(question: string): Comparative | undefined {
  const text = phraseText(question);
  const found = COMPARED_MEASURES.flatMap((measure) =>
    (["more", "less"] as const).flatMap((side) =>
      COMPARATIVES.measures[measure][side]
        .map((said) => ({ measure, more: side === "more", said, at: text.indexOf(` ${said} `) }))
        .filter((f) => f.at >= 0),
    ),
  ).sort((a, b) => a.at - b.at || b.said.length - a.said.length);
  const first = found[0];
  return first ? { measure: first.measure, more: first.more, said: first.said } : undefined;
}
