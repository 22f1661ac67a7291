import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { recapFrontMatter } from "../content/demo-content.ts";
import { CliError } from "./api-client.ts";

/** A recap file's front matter: the demo content's fields, plus a local image to upload and an idempotency key. */
const recapFile = recapFrontMatter.extend({
  image: z.string().min(1).optional(),
  key: z.string().trim().min(1).max(200).optional(),
});

export interface RecapFile {
  body: { date: string; headline: string; content: string; snippets?: string; tags: string[]; blog_image?: string; external_key?: string };
  /** A local image to upload first; its stored name becomes `blog_image`. */
  imagePath?: string;
}

function problems(file: string, error: z.ZodError): CliError {
  const issue = error.issues[0]!;
  return new CliError(`${file}: ${issue.path.join(".") || "front matter"}: ${issue.message}`);
}

async function readMatter(file: string) {
  const text = await fs.readFile(file, "utf8").catch(() => {
    throw new CliError(`no such file: ${file}`);
  });
  return matter(text);
}

/**
 * Reads a recap written as markdown with front matter (date, headline, tags,
 * snippets, image or blog_image, key). `keys.key` (from --key) wins over the
 * front matter's key; `keys.fallback` (from import) is used when neither is given.
 */
export async function readRecapFile(file: string, keys: { key?: string | undefined; fallback?: string | undefined } = {}): Promise<RecapFile> {
  const parsed = await readMatter(file);
  const result = recapFile.safeParse(parsed.data);
  if (!result.success) throw problems(file, result.error);
  const fm = result.data;
  const content = parsed.content.trim();
  if (!content) throw new CliError(`${file}: the recap has no content below its front matter`);
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
  title: z.string().trim().min(1).max(200),
  series: z.enum(["daily", "weekly"], { message: "must be daily or weekly" }),
  audio: z.string().min(1).optional(),
  key: z.string().trim().min(1).max(200).optional(),
});

export interface EpisodeFolder {
  body: { date: string; title: string; description: string; weekly_daily: "daily" | "weekly"; external_key: string };
  audioPath: string | undefined;
}

/** An episode folder: `episode.md` (date, title, series, optional audio and key; the body is the description) and its audio file. */
export async function readEpisodeFolder(dir: string, defaultKey: string): Promise<EpisodeFolder> {
  const mdFile = path.join(dir, "episode.md");
  const parsed = await readMatter(mdFile);
  const result = episodeFile.safeParse(parsed.data);
  if (!result.success) throw problems(mdFile, result.error);
  const fm = result.data;
  const description = parsed.content.trim();
  if (!description) throw new CliError(`${mdFile}: the episode has no description below its front matter`);
  const audioName = fm.audio ?? (await fs.readdir(dir)).sort().find((f) => /\.(mp3|m4a)$/i.test(f));
  return {
    body: { date: fm.date, title: fm.title, description, weekly_daily: fm.series, external_key: fm.key ?? defaultKey },
    audioPath: audioName ? path.join(dir, audioName) : undefined,
  };
}
