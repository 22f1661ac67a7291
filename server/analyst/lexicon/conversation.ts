import { z } from "zod";
import file from "./conversation.json" with { type: "json" };
import { compileTemplates } from "./templates.ts";

// The phrases of conversation a question's topic is read without: words as data (conversation.json).

const fileSchema = z
  .object({
    about: z.string().min(1),
    groups: z.array(z.object({ about: z.string().min(1), templates: z.array(z.string().min(1)).min(1) }).strict()),
  })
  .strict();

export const CONVERSATION_FILE = fileSchema.parse(file);

/** Each group as one pattern that finds all of its phrases, in the file's order. */
export const CONVERSATION_PHRASES: readonly RegExp[] = CONVERSATION_FILE.groups.map(
  (group) => new RegExp(compileTemplates(group.templates).source, "g"),
);
