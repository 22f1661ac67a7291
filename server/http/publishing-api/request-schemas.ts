import { z } from "zod";
import { episodeFields, recapFields, requiredText, withoutForbidden } from "../../content/content-fields.ts";
import { HttpError } from "../errors.ts";

/** The caller's own key for an item, which makes a create idempotent; one line, like a headline. */
const externalKey = z
  .string({ message: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .superRefine(withoutForbidden({ lines: false }))
  .optional();

export const recapCreate = z.strictObject({ ...recapFields, external_key: externalKey });

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
    tags: episodeFields.tags,
  })
  .refine((p) => Object.keys(p).length > 0, "name at least one field to change");

/** The original file name an upload may carry (?name=), used only as a readable label. */
export const uploadName = z
  .string()
  .max(200, "must be at most 200 characters")
  .refine(
    (s) => !/[\\/\0]/.test(s) && !s.includes("..") && !s.startsWith("."),
    "must be a plain file name, without folders",
  )
  .optional();

/** A desk account as the publishing API takes it (the person sets their own password with the link it returns). */
export const staffCreate = z.strictObject({
  email: z.email({ message: "must be an email address" }).max(320, "must be at most 320 characters"),
  name: requiredText(100),
  role: z.enum(["owner", "editor"], { message: "must be owner or editor" }).default("editor"),
});
