import { v5 as uuidv5 } from "uuid";
import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import type { Recap } from "../data/recaps.server.ts";
import { chaptersJson, parseChapters } from "../media/chapter-format.ts";
import { parseTranscript, storedTranscript } from "#common/podcast/transcript-format.ts";
import { withoutForbidden } from "./content-fields.ts";
import { forbiddenCharacterProblem } from "./forbidden-characters.ts";

export const CONTENT_DIR = path.resolve(import.meta.dirname, "../../content");

const isoDay = z.iso.date({ message: "expected a YYYY-MM-DD date" });
const mediaName = z.string().regex(/^[\w.-]+$/, "a bare file name");
// The same characters are refused here as at the publishing API (content-fields.ts): a file is
// written by a person, so its author fixes it; the CLI reads its recap files with these rules.
const oneLine = withoutForbidden({ lines: false });
const withLines = withoutForbidden({ lines: true });

export const recapFrontMatter = z.object({
  date: z.union([isoDay, z.date().transform((d) => d.toISOString().slice(0, 10))]),
  headline: z.string().trim().min(1).max(200).superRefine(oneLine),
  tags: z.array(z.string().trim().min(1).max(40).superRefine(oneLine)).max(12).default([]),
  snippets: z.string().trim().min(1).superRefine(withLines).optional(),
  blog_image: mediaName.optional(),
  /** Written for the demo, not reporting: shown with a mark, never as a topic. */
  sample: z.boolean().default(false),
});

/** A recap as the content folder holds it: no id yet, and a stable key instead. */
export type DemoRecap = Omit<Recap, "id" | "blog_image_url"> & { key: string };

export const demoEpisode = z.object({
  key: z.string().min(1),
  date: isoDay,
  title: z.string().trim().min(1).max(200).superRefine(oneLine),
  description: z.string().trim().min(1).superRefine(withLines),
  weekly_daily: z.enum(["daily", "weekly"]),
  tags: z.array(z.string().trim().min(1).max(40).superRefine(oneLine)).max(12).optional(),
  mp3_file: mediaName.nullable(),
  script: z.string().nullable(),
  sample: z.boolean().default(false),
});
export type DemoEpisode = z.infer<typeof demoEpisode>;

export async function loadDemoRecaps(dir = path.join(CONTENT_DIR, "recaps")): Promise<DemoRecap[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await fs.readFile(path.join(dir, file), "utf8");
      const problem = forbiddenCharacterProblem(text, { lines: true });
      if (problem) throw new Error(`content/recaps/${file}: ${problem}`);
      const parsed = matter(text);
      const result = recapFrontMatter.safeParse(parsed.data);
      if (!result.success) {
        throw new Error(
          `content/recaps/${file}: ${result.error.issues[0]!.path.join(".")} ${result.error.issues[0]!.message}`,
        );
      }
      const fm = result.data;
      return {
        key: `demo:${file.replace(/\.md$/, "")}`,
        date: fm.date,
        headline: fm.headline,
        content: parsed.content.trim(),
        snippets: fm.snippets ?? null,
        tags: fm.tags,
        blog_image: fm.blog_image ?? null,
        sample: fm.sample,
      };
    }),
  );
}

/** The demo episodes, each with its transcript and chapters (content/transcripts/<key>.vtt, <key>.chapters.txt) in stored form when it has them. */
export async function loadDemoEpisodes(
  file = path.join(CONTENT_DIR, "episodes.json"),
): Promise<Array<DemoEpisode & { transcript: string | null; chapters: string | null }>> {
  const parsed = z.array(demoEpisode).safeParse(JSON.parse(await fs.readFile(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`content/${path.basename(file)}: ${issue.path.join(".")} ${issue.message}`);
  }
  const episodes = parsed.data;
  const dir = path.join(path.dirname(file), "transcripts");
  const read = (name: string) => fs.readFile(path.join(dir, name), "utf8").catch(() => null);
  return Promise.all(
    episodes.map(async (episode) => {
      const [vtt, chapters] = await Promise.all([read(`${episode.key}.vtt`), read(`${episode.key}.chapters.txt`)]);
      return {
        ...episode,
        transcript: vtt === null ? null : storedTranscript(parseTranscript(vtt)),
        chapters: chapters === null ? null : chaptersJson(parseChapters(chapters)),
      };
    }),
  );
}

/**
 * The guid the seed gives a demo episode, derived from its key so a fresh demo
 * database gives each episode the same guid again; with the key, what marks an
 * episode as the sample one rather than an operator's with a like key.
 */
export const demoEpisodeGuid = (key: string) => uuidv5(`proofline-demo-episode:${key}`, uuidv5.URL);
