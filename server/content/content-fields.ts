import { z } from "zod";
import { chaptersJson, parseChapters } from "../media/chapter-format.ts";
import { parseTranscript, storedTranscript } from "#common/podcast/transcript-format.ts";
import { forbiddenCharacterProblem, withoutForbiddenCharacters } from "./forbidden-characters.ts";

// The rules for a recap's and an episode's fields, as every way of publishing
// takes them: the publishing API, the desk's forms and the CLI through the API.

/** A real calendar day as YYYY-MM-DD. */
export const isoDay = z.iso.date({ message: "must be a date as YYYY-MM-DD" });

/**
 * Refuses text holding a character that breaks feeds (forbidden-characters.ts):
 * a person typed it and can fix it, so the 400 names the character and where it is.
 * `lines`: the field keeps tabs and line breaks (an article), or is one line (a headline).
 */
export const withoutForbidden =
  ({ lines }: { lines: boolean }) =>
  (text: string, ctx: z.RefinementCtx) => {
    const problem = forbiddenCharacterProblem(text, { lines });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };

/** A trimmed text of 1 to `max` characters, on one line unless `lines`, without characters that break feeds. */
export const requiredText = (max: number, { lines = false }: { lines?: boolean } = {}) =>
  z
    .string({ message: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .refine((s) => [...s].length <= max, `must be at most ${max} characters`)
    .superRefine(withoutForbidden({ lines }));

/** A stored file's name: a plain name, no folders, no leading dot (no path tricks). */
export const mediaFileName = z
  .string({ message: "must be a file name" })
  .regex(/^[\w-][\w.-]{0,199}$/, "must be a plain file name (letters, digits, '.', '_' or '-'; no folders)");

/** A recap's or an episode's tags: each is a topic (issue 26). */
const tagList = z
  .array(requiredText(40), { message: "must be a list of texts" })
  .max(12, "must have at most 12 tags")
  .optional();

export const recapFields = {
  date: isoDay,
  headline: requiredText(200),
  content: requiredText(200_000, { lines: true }),
  snippets: requiredText(2000, { lines: true }).nullable().optional(),
  tags: tagList,
  blog_image: mediaFileName.nullable().optional(),
};

/**
 * Text read by `read` into its stored form; a file it cannot read is a 400 naming the line ("transcript: line 7: …").
 * Transcripts and chapters are made by tools, not typed: characters that break feeds are taken out, not refused.
 */
const fileText = (read: (text: string) => string) =>
  z
    .string({ message: "must be the file's text" })
    .max(2_000_000, "must be at most 2,000,000 characters")
    .transform((text, ctx) => {
      try {
        return read(withoutForbiddenCharacters(text));
      } catch (err) {
        ctx.addIssue({ code: "custom", message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    });

export const episodeFields = {
  date: isoDay,
  title: requiredText(200),
  description: requiredText(5000, { lines: true }),
  weekly_daily: z.enum(["daily", "weekly"], { message: "must be daily or weekly" }),
  tags: tagList,
  mp3_file: mediaFileName.nullable().optional(),
  /** WebVTT, SRT or plain text; null removes it. */
  transcript: fileText((text) => storedTranscript(parseTranscript(text)))
    .nullable()
    .optional(),
  /** Podcasting 2.0 JSON chapters (as text or as an object) or "mm:ss Title" lines; null removes them. */
  chapters: z
    .union([z.string(), z.looseObject({}).transform((o) => JSON.stringify(o))], {
      message: "must be JSON chapters or mm:ss lines",
    })
    // A JSON title may spell a control character as an escape (\u000b), which the text's own stripping cannot see.
    .pipe(
      fileText((text) =>
        chaptersJson(parseChapters(text).map((c) => ({ ...c, title: withoutForbiddenCharacters(c.title) }))),
      ),
    )
    .nullable()
    .optional(),
};
