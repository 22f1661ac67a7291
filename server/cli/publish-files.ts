import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { withoutForbidden } from "../content/content-fields.ts";
import { recapFrontMatter } from "../content/demo-content.ts";
import { forbiddenCharacterProblem } from "../content/forbidden-characters.ts";
import { CliError } from "./api-client.ts";

/** A recap file's front matter: the demo content's fields, plus a local image to upload and an idempotency key. */
const recapFile = recapFrontMatter.extend({
  image: z.string().min(1).optional(),
  key: z.string().trim().min(1).max(200).optional(),
});

export interface RecapFile {
  body: {
    date: string;
    headline: string;
    content: string;
    snippets?: string;
    tags: string[];
    blog_image?: string;
    external_key?: string;
  };
  /** A local image to upload first; its stored name becomes `blog_image`. */
  imagePath?: string;
}

function problems(file: string, error: z.ZodError): CliError {
  const issue = error.issues[0]!;
  return new CliError(`${file}: ${issue.path.join(".") || "front matter"}: ${issue.message}`);
}

/** A markdown file's front matter, checked against `schema`, and its body, which must not be empty (`what` names it). */
async function readMarkdown<T extends z.ZodType>(
  file: string,
  schema: T,
  what: string,
): Promise<{ fm: z.infer<T>; body: string }> {
  const text = await fs.readFile(file, "utf8").catch(() => {
    throw new CliError(`no such file: ${file}`);
  });
  // Refused here, before anything is sent, with the place in the file: the API would name only the field.
  const problem = forbiddenCharacterProblem(text, { lines: true });
  if (problem) throw new CliError(`${file}: ${problem}`);
  const parsed = matter(text);
  const result = schema.safeParse(parsed.data);
  if (!result.success) throw problems(file, result.error);
  const body = parsed.content.trim();
  if (!body) throw new CliError(`${file}: ${what} below its front matter`);
  return { fm: result.data, body };
}

/**
 * Reads a recap written as markdown with front matter (date, headline, tags,
 * snippets, image or blog_image, key). `keys.key` (from --key) wins over the
 * front matter's key; `keys.fallback` (from import) is used when neither is given.
 */
export async function readRecapFile(
  file: string,
  keys: { key?: string | undefined; fallback?: string | undefined } = {},
): Promise<RecapFile> {
  const { fm, body: content } = await readMarkdown(file, recapFile, "the recap has no content");
  const key = keys.key ?? fm.key ?? keys.fallback;
  return {
    body: {
      date: fm.date,
      headline: fm.headline,
      content,
      tags: fm.tags,
      ...(fm.snippets ? { snippets: fm.snippets } : {}),
      ...(fm.blog_image ? { blog_image: fm.blog_image } : {}),
      ...(key ? { external_key: key } : {}),
    },
    ...(fm.image ? { imagePath: path.resolve(path.dirname(file), fm.image) } : {}),
  };
}

const episodeFile = z.object({
  date: recapFrontMatter.shape.date,
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .superRefine(withoutForbidden({ lines: false })),
  series: z.enum(["daily", "weekly"], { message: "must be daily or weekly" }),
  tags: recapFrontMatter.shape.tags,
  audio: z.string().min(1).optional(),
  key: z.string().trim().min(1).max(200).optional(),
});

export interface EpisodeFolder {
  body: {
    date: string;
    title: string;
    description: string;
    weekly_daily: "daily" | "weekly";
    tags: string[];
    external_key: string;
  };
  audioPath: string | undefined;
}

/** An episode folder: `episode.md` (date, title, series, optional tags, audio and key; the body is the description) and its audio file. */
export async function readEpisodeFolder(dir: string, defaultKey: string): Promise<EpisodeFolder> {
  const mdFile = path.join(dir, "episode.md");
  const { fm, body: description } = await readMarkdown(mdFile, episodeFile, "the episode has no description");
  const audioName = fm.audio ?? (await fs.readdir(dir)).sort().find((f) => /\.(mp3|m4a)$/i.test(f));
  return {
    body: {
      date: fm.date,
      title: fm.title,
      description,
      weekly_daily: fm.series,
      tags: fm.tags,
      external_key: fm.key ?? defaultKey,
    },
    audioPath: audioName ? path.join(dir, audioName) : undefined,
  };
}
