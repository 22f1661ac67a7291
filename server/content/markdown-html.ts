import { LRUCache } from "lru-cache";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "#common/markdown/markdown.tsx";
import { rehypeHeadingIds } from "./markdown-headings.ts";

// Rendering markdown costs milliseconds a page; the text of a recap rarely
// changes, so its HTML is kept, keyed by the text itself (an edit is a new key).
const cache = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (html, text) => html.length + text.length,
});

/**
 * The HTML the shared <Markdown> renderer makes of `text`. Safe to insert as
 * HTML: it comes from react-markdown, which escapes raw HTML and empties unsafe URLs.
 * With `headingIds`, each heading of levels 1 to 3 carries its id
 * (markdown-headings.ts), so a link can land on its section: a recap's page.
 */
export function markdownHtml(text: string, { headingIds = false }: { headingIds?: boolean } = {}): string {
  const key = `${headingIds ? "ids" : "plain"}\u0000${text}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(
      createElement(Markdown, { children: text, ...(headingIds ? { rehypePlugins: [rehypeHeadingIds] } : {}) }),
    );
    cache.set(key, html);
  }
  return html;
}
