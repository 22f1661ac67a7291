// The text of a search result: the stretch of a field around the first match,
// with every match in it marked, so the page can show why the result is there.
import type { Highlighted } from "#common/search/site-search.ts";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
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

/**
 * Markdown as the words a reader sees, on one line (issue 37: snippets showed table pipes): parsed
 * as the site renders it (CommonMark and GFM, as react-markdown with remark-gfm does), then only the
 * text kept: no table pipes or rules, emphasis, link targets, heading or list marks, raw HTML or
 * footnote definitions; an image keeps its alt text, code its words. Blocks and table cells are kept apart by a space.
 */
export function plainText(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const words: string[] = [];
  const walk = (node: Nodes): void => {
    switch (node.type) {
      case "text":
      case "inlineCode":
      case "code":
        words.push(` ${node.value} `.replace(/^ | $/g, node.type === "code" ? " " : ""));
        return;
      case "image":
      case "imageReference":
        words.push(node.alt ?? "");
        return;
      case "break":
        words.push(" ");
        return;
      case "html":
      case "footnoteDefinition":
      case "definition":
      case "thematicBreak":
        words.push(" ");
        return;
    }
    if ("children" in node) {
      const block = !PHRASING.has(node.type);
      if (block) words.push(" ");
      for (const child of node.children) walk(child);
      if (block) words.push(" ");
    }
  };
  walk(tree);
  return words.join("").replace(/\s+/g, " ").trim();
}

/** Inline nodes, whose children run on without a space; every other parent is a block or a cell. */
const PHRASING = new Set<string>(["emphasis", "strong", "delete", "link", "linkReference"]);
