import { z } from "zod";
import file from "./trade-phrases.json" with { type: "json" };
import { compileTemplates } from "./templates.ts";

// The trade's phrases written several ways, each made one token: words as data (trade-phrases.json).

const fileSchema = z
  .object({
    about: z.string().min(1),
    phrases: z.array(
      z.object({ templates: z.array(z.string().min(1)).min(1), token: z.string(), why: z.string().min(1) }).strict(),
    ),
  })
  .strict();

export const TRADE_PHRASES_FILE = fileSchema.parse(file);

/** Each phrase as a pattern and the text it is replaced by (the token, spaced apart), in the file's order. */
export const TRADE_PHRASES: ReadonlyArray<readonly [RegExp, string]> = TRADE_PHRASES_FILE.phrases.map(
  ({ templates, token }) => [new RegExp(compileTemplates(templates).source, "g"), ` ${token} `] as const,
);
