// The text of a search result: the stretch of a field around the first match,
// with every match in it marked, so the page can show why the result is there.
import type { Highlighted } from "#common/search/site-search.ts";
import { anyCase } from "#common/search/whole-word.ts";

/** Every match of `needle` in `text`, marked. */
export function highlight(text: string, needle: string): Highlighted {
  const marks: Array<[number, number]> = [];
  for (const m of text.matchAll(anyCase(needle))) marks.push([m.index, m.index + m[0].length]);
  return { text, marks };
}

/**
 * About `width` characters of `text` around its first match of `needle`, cut at
 * word boundaries, with "…" where it was cut; the start of `text` when nothing matches.
 */
export function snippetAround(text: string, needle: string, width = 180): Highlighted {
  const first = text.search(anyCase(needle));
  if (text.length <= width) return highlight(text, needle);
  const at = Math.max(first, 0);
  let start = Math.max(0, at - Math.floor((width - needle.length) / 3));
  let end = Math.min(text.length, start + width);
  start = Math.max(0, end - width);
  // Cut between words, not inside one.
  if (start > 0) start = wordStart(text, start);
  if (end < text.length) end = wordEnd(text, end, at + needle.length);
  const cut = `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
  return highlight(cut, needle);
}

function wordStart(text: string, from: number): number {
  const space = text.indexOf(" ", from);
  return space === -1 || space - from > 20 ? from : space + 1;
}
function wordEnd(text: string, from: number, atLeast: number): number {
  const space = text.lastIndexOf(" ", from);
  return space <= atLeast || from - space > 20 ? from : space;
}

/** Markdown as the words a reader sees: no link targets, emphasis or heading marks, one line. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^]*?\S)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}
