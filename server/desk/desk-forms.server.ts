import { z } from "zod";
import { instantInZone } from "./time-zone.ts";
import type { FormProblem } from "#common/desk/desk-types.ts";

export type { FormProblem };
import { episodeFields, recapFields } from "../content/content-fields.ts";

const LABELS: Record<string, string> = {
  date: "Date",
  headline: "Headline",
  content: "Text",
  snippets: "Snippet",
  tags: "Tags",
  blog_image: "Image",
  title: "Title",
  description: "Description",
  weekly_daily: "Series",
  mp3_file: "Audio",
  transcript: "Transcript",
  chapters: "Chapters",
  publish_at: "Publish at",
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const orNull = (value: string) => (value.trim() === "" ? null : value);

function problemOf(error: z.ZodError, form: FormData): FormProblem {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= `${LABELS[field] ?? field} ${issue.message}.`.replace(/\.\.$/, ".");
  }
  return { fieldErrors, values: typedValues(form) };
}

/** What the person typed, to put back in the form (never the CSRF token). */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "csrf") values[key] = value;
  return values;
}

/**
 * The publish time a form asks for: its `publish_at` (a datetime-local value,
 * the editor's wall-clock time) read in `tz`, the zone the browser names
 * (America/New_York); without one (no JavaScript), in UTC, and the form says so.
 */
export function publishTime(form: FormData): { iso: string } | { error: string } {
  const local = text(form, "publish_at");
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(local);
  if (!match) return { error: "Publish at must be a date and time." };
  const wallClock = new Date(`${match[1]}T${match[2]!.length === 5 ? `${match[2]}:00` : match[2]}Z`);
  if (Number.isNaN(wallClock.getTime())) return { error: "Publish at must be a date and time." };
  const at = instantInZone(wallClock, text(form, "tz") || "UTC");
  if (!at) return { error: "Publish at must be a date and time." };
  if (at.getTime() <= Date.now()) return { error: "Publish at must be in the future (or use Publish now)." };
  return { iso: at.toISOString() };
}

/** The tags field: comma-separated. */
const tagsField = (form: FormData) =>
  text(form, "tags")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

const recapForm = z.object(recapFields).required({ tags: true });

export function parseRecapForm(form: FormData) {
  const parsed = recapForm.safeParse({
    date: text(form, "date"),
    headline: text(form, "headline"),
    content: text(form, "content"),
    snippets: orNull(text(form, "snippets")),
    tags: tagsField(form),
    blog_image: orNull(text(form, "blog_image")),
  });
  if (!parsed.success) return { problem: problemOf(parsed.error, form) } as const;
  const { date, headline, content, snippets, tags, blog_image } = parsed.data;
  return {
    value: { date, headline, content, snippets: snippets ?? null, tags, blog_image: blog_image ?? null },
  } as const;
}

const episodeForm = z.object(episodeFields).required({ tags: true });

export function parseEpisodeForm(form: FormData) {
  const parsed = episodeForm.safeParse({
    date: text(form, "date"),
    title: text(form, "title"),
    description: text(form, "description"),
    weekly_daily: text(form, "weekly_daily"),
    tags: tagsField(form),
    mp3_file: orNull(text(form, "mp3_file")),
    transcript: orNull(text(form, "transcript")),
    chapters: orNull(text(form, "chapters")),
  });
  if (!parsed.success) return { problem: problemOf(parsed.error, form) } as const;
  const v = parsed.data;
  return {
    value: {
      date: v.date,
      title: v.title,
      description: v.description,
      weekly_daily: v.weekly_daily,
      tags: v.tags,
      mp3_file: v.mp3_file ?? null,
      transcript: v.transcript ?? null,
      chapters: v.chapters ?? null,
    },
  } as const;
}

/** A form problem about one field (the schedule, an audio file that cannot be read). */
export const fieldProblem = (form: FormData, field: string, message: string): FormProblem => ({
  fieldErrors: { [field]: message },
  values: typedValues(form),
});
