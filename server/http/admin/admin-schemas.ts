import { z } from "zod";
import { chaptersJson, parseChapters } from "../../media/chapter-format.ts";
import { parseTranscript, storedTranscript } from "../../media/transcript-format.ts";
import { HttpError } from "../errors.ts";

/** A real calendar day as YYYY-MM-DD. */
export const isoDay = z.iso.date({ message: "must be a date as YYYY-MM-DD" });

/** A trimmed text of 1 to `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ message: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .refine((s) => [...s].length <= max, `must be at most ${max} characters`);

/** A stored file's name: a plain name, no folders, no leading dot (no path tricks). */
export const mediaFileName = z
  .string({ message: "must be a file name" })
  .regex(/^[\w-][\w.-]{0,199}$/, "must be a plain file name (letters, digits, '.', '_' or '-'; no folders)");

export const recapFields = {
  date: isoDay,
  headline: requiredText(200),
  content: requiredText(200_000),
  snippets: requiredText(2000).nullable().optional(),
  tags: z.array(requiredText(40), { message: "must be a list of texts" }).max(12, "must have at most 12 tags").optional(),
  blog_image: mediaFileName.nullable().optional(),
};

export const recapCreate = z.strictObject({
  ...recapFields,
  external_key: z.string({ message: "must be text" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
});

export const recapPatch = z
  .strictObject({
    date: recapFields.date.optional(),
    headline: recapFields.headline.optional(),
    content: recapFields.content.optional(),
    snippets: recapFields.snippets,
    tags: recapFields.tags,
    blog_image: recapFields.blog_image,
  })
  .refine((p) => Object.keys(p).length > 0, "name at least one field to change");

/** Parses `input` or throws a 400 whose message names the first bad field. */
export function parseBody<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") throw new HttpError(400, `Unknown field: ${issue.keys.join(", ")}`);
  const field = issue.path.join(".");
  throw new HttpError(400, field ? `${field}: ${issue.message}` : issue.message);
}

/** Text read by `read` into its stored form; a file it cannot read is a 400 naming the line ("transcript: line 7: …"). */
const fileText = (read: (text: string) => string) =>
  z
    .string({ message: "must be the file's text" })
    .max(2_000_000, "must be at most 2,000,000 characters")
    .transform((text, ctx) => {
      try {
        return read(text);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    });

export const episodeFields = {
  date: isoDay,
  title: requiredText(200),
  description: requiredText(5000),
  weekly_daily: z.enum(["daily", "weekly"], { message: "must be daily or weekly" }),
  mp3_file: mediaFileName.nullable().optional(),
  /** WebVTT, SRT or plain text; null removes it. */
  transcript: fileText((text) => storedTranscript(parseTranscript(text))).nullable().optional(),
  /** Podcasting 2.0 JSON chapters (as text or as an object) or "mm:ss Title" lines; null removes them. */
  chapters: z
    .union([z.string(), z.looseObject({}).transform((o) => JSON.stringify(o))], { message: "must be JSON chapters or mm:ss lines" })
    .pipe(fileText((text) => chaptersJson(parseChapters(text))))
    .nullable()
    .optional(),
};

const externalKey = z.string({ message: "must be text" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional();

export const episodeCreate = z.strictObject({ ...episodeFields, external_key: externalKey });

export const episodePatch = z
  .strictObject({
    date: episodeFields.date.optional(),
    title: episodeFields.title.optional(),
    description: episodeFields.description.optional(),
    weekly_daily: episodeFields.weekly_daily.optional(),
    mp3_file: episodeFields.mp3_file,
    transcript: episodeFields.transcript,
    chapters: episodeFields.chapters,
  })
  .refine((p) => Object.keys(p).length > 0, "name at least one field to change");

/** The original file name an upload may carry (?name=), used only as a readable label. */
export const uploadName = z
  .string()
  .max(200, "must be at most 200 characters")
  .refine((s) => !/[\\/\0]/.test(s) && !s.includes("..") && !s.startsWith("."), "must be a plain file name, without folders")
  .optional();

/** A desk account as the publishing API takes it (the person sets their own password with the link it returns). */
export const staffCreate = z.strictObject({
  email: z.email({ message: "must be an email address" }).max(320, "must be at most 320 characters"),
  name: requiredText(100),
  role: z.enum(["owner", "editor"], { message: "must be owner or editor" }).default("editor"),
});
