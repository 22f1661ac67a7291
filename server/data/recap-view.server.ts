import type { Kysely } from "kysely";
import { markdownHtml } from "../content/markdown-html.ts";
import { getRecap, type Recap } from "./recaps.server.ts";
import type { RecapView } from "#common/content/recap.ts";

export type { RecapView };
import type { DB } from "../db/schema.ts";

const WORDS_PER_MINUTE = 230;

export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((w) => /\w/.test(w)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

const DESCRIPTION_MAX = 200;

/** Markdown reduced to one line of plain text, cut at a word near `max` characters. */
export function plainSummary(markdown: string, max = DESCRIPTION_MAX): string {
  const text = markdown
    .replace(/^>\s?/gm, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`|>~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

export function toRecapView({ content, ...recap }: Recap): RecapView {
  return {
    ...recap,
    // Its sections' headings carry ids: the assistant cites a section by its address (/recap/3#section).
    html: markdownHtml(content, { headingIds: true }),
    readingMinutes: readingMinutes(content),
    description: plainSummary(recap.snippets || content),
  };
}

export async function getRecapView(
  db: Kysely<DB>,
  id: number,
  mediaBaseUrl: string | undefined,
): Promise<RecapView | undefined> {
  const recap = await getRecap(db, id, mediaBaseUrl);
  return recap && toRecapView(recap);
}
