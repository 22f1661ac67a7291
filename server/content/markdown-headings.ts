// A markdown body's section headings with the ids its page gives them. Read from
// the same parse the renderer makes (micromark with GFM), so a heading in a code
// block is none, and a setext heading is one: the assistant's citations
// (server/analyst/hub-corpus.ts) and the page (markdown-html.ts) agree on
// every id because both take it from here.
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { headingIds } from "#common/markdown/heading-ids.ts";

export interface MarkdownHeading {
  /** The line the heading starts on, from 1. */
  line: number;
  /** 1 to 3: the page shows them as its h2 (1 and 2, its own h1 being the headline) and h3. */
  depth: number;
  /** Its words, without their markup. */
  text: string;
  id: string;
}

/** The words of a piece of markdown as a reader sees them: no markup, no raw HTML, no image's alternative text. */
function wordsOf(node: Nodes): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  if (node.type === "html" || node.type === "image") return "";
  return "children" in node ? node.children.map((child) => wordsOf(child)).join("") : "";
}

/** The headings of levels 1 to 3 of `markdown`, in order, each with its id, unique within it. */
export function markdownHeadings(markdown: string): MarkdownHeading[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const found: Array<Omit<MarkdownHeading, "id">> = [];
  const visit = (node: Nodes) => {
    if (node.type === "heading") {
      if (node.depth <= 3 && node.position)
        found.push({ line: node.position.start.line, depth: node.depth, text: wordsOf(node).trim() });
      return;
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  const ids = headingIds(found.map((h) => h.text));
  return found.map((h, i) => ({ ...h, id: ids[i]! }));
}

/** The parts of a hast tree this plugin reads: elements, with where their source starts. */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  position?: { start: { line: number } };
  children?: HastNode[];
}

/**
 * A rehype plugin for the renderer: each heading of levels 1 to 3 gets its id, found by the line it
 * starts on in the markdown being rendered (react-markdown's file holds it).
 */
export function rehypeHeadingIds() {
  return (tree: HastNode, file: { value: unknown }) => {
    const byLine = new Map(markdownHeadings(String(file.value)).map((h) => [h.line, h.id]));
    const visit = (node: HastNode) => {
      const line = node.position?.start.line;
      if (node.type === "element" && /^h[1-3]$/.test(node.tagName ?? "") && line !== undefined) {
        const id = byLine.get(line);
        if (id) node.properties = { ...node.properties, id };
        return;
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
