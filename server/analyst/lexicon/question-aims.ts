import { z } from "zod";
import file from "./question-aims.json" with { type: "json" };
import { compileTemplates } from "./templates.ts";

// What kind of answer a question aims at beyond its topic (its causes, advice), and how a section
// that gives it is worded: words as data (question-aims.json).

const aim = z
  .object({
    about: z.string().min(1),
    asks: z.array(z.string().min(1)).min(1),
    answeredBy: z.array(z.string().min(1)).min(1),
  })
  .strict();
const fileSchema = z
  .object({ about: z.string().min(1), aims: z.object({ reasons: aim, advice: aim }).strict() })
  .strict();

export const QUESTION_AIMS_FILE = fileSchema.parse(file);
export type QuestionAim = keyof typeof QUESTION_AIMS_FILE.aims;

export const QUESTION_AIMS = (Object.keys(QUESTION_AIMS_FILE.aims) as QuestionAim[]).map((name) => ({
  name,
  asks: compileTemplates(QUESTION_AIMS_FILE.aims[name].asks),
  answeredBy: compileTemplates(QUESTION_AIMS_FILE.aims[name].answeredBy),
}));
