import { z } from "zod";
import file from "./question-words.json" with { type: "json" };

// The words of a question that name no topic, by what the analyst does with them: words as data (question-words.json).

export const QUESTION_WORD_LISTS = ["stop", "measure", "everyday", "role"] as const;
export type QuestionWordList = (typeof QUESTION_WORD_LISTS)[number];

const groupSchema = z
  .object({
    about: z.string().min(1),
    /** Verbs name no topic even where a headline uses them ("Canned Cocktails Go Spirits-Based"). */
    partOfSpeech: z.literal("verb").optional(),
    words: z.array(z.string().regex(/^[a-z0-9']+$/, "one lower-case word")).min(1),
  })
  .strict();
const fileSchema = z
  .object({
    about: z.string().min(1),
    lists: z
      .object(
        Object.fromEntries(
          QUESTION_WORD_LISTS.map((l) => [
            l,
            z.object({ about: z.string().min(1), groups: z.array(groupSchema).min(1) }),
          ]),
        ) as Record<QuestionWordList, z.ZodObject<{ about: z.ZodString; groups: z.ZodArray<typeof groupSchema> }>>,
      )
      .strict(),
    /** Pairs of word lists that may share a word, each with the reason (lexicons.ts). */
    shared: z.array(z.object({ lists: z.tuple([z.string(), z.string()]), why: z.string().min(1) }).strict()),
  })
  .strict();

export const QUESTION_WORDS = fileSchema.parse(file);

/** Every word of a list, in the file's order. */
export const questionWords = (list: QuestionWordList): string[] =>
  QUESTION_WORDS.lists[list].groups.flatMap((g) => g.words);

/** The words of a list's groups of verbs. */
export const verbsOf = (list: QuestionWordList): string[] =>
  QUESTION_WORDS.lists[list].groups.filter((g) => g.partOfSpeech === "verb").flatMap((g) => g.words);
