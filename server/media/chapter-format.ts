// Episode chapters (issue 18): Podcasting 2.0 JSON chapters, or simple lines
// ("mm:ss Title", "h:mm:ss Title"). Stored and served as JSON chapters 1.2.0.
import { z } from "zod";

import type { Chapter } from "#common/podcast/chapter.ts";

export type { Chapter };

export class ChapterFormatError extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.line = line;
  }
}

const jsonChapters = z.object({
  version: z.string().optional(),
  chapters: z.array(z.object({ startTime: z.number().min(0), title: z.string().trim().min(1) }).loose()).min(1),
});

const LINE = /^(?:(\d+):)?(\d{1,2}):(\d{2})\s+(.+)$/;

/** Parses chapters given as JSON or as lines; refuses the first bad line. */
export function parseChapters(input: string): Chapter[] {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (text.trimStart().startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const at = /position (\d+)/.exec(String(err))?.[1];
      const line = at ? text.slice(0, Number(at)).split("\n").length : 1;
      throw new ChapterFormatError(line, "not valid JSON");
    }
    const parsed = jsonChapters.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ChapterFormatError(1, `${issue.path.join(".") || "chapters"}: ${issue.message}`);
    }
    return ordered(
      parsed.data.chapters.map((c) => ({ startTime: c.startTime, title: c.title })),
      () => 1,
    );
  }
  const chapters: Chapter[] = [];
  const lineOf: number[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const m = LINE.exec(line);
    if (!m) throw new ChapterFormatError(index + 1, `expected "mm:ss Title", found "${line.slice(0, 40)}"`);
    chapters.push({ startTime: Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]), title: m[4]!.trim() });
    lineOf.push(index + 1);
  });
  if (!chapters.length) throw new ChapterFormatError(1, "no chapters");
  return ordered(chapters, (i) => lineOf[i]!);
}

function ordered(chapters: Chapter[], lineOf: (index: number) => number): Chapter[] {
  chapters.forEach((c, i) => {
    if (i > 0 && c.startTime <= chapters[i - 1]!.startTime)
      throw new ChapterFormatError(lineOf(i), "chapters must be in time order");
  });
  return chapters;
}

/** The served form: Podcasting 2.0 JSON chapters. */
export const chaptersJson = (chapters: Chapter[]) => JSON.stringify({ version: "1.2.0", chapters });
