import { LRUCache } from "lru-cache";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "#common/markdown/markdown.tsx";

// Rendering markdown costs milliseconds a page; the text of a recap rarely
// changes, so its HTML is kept, keyed by the text itself (an edit is a new key).
const cache = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (html, text) => html.length + text.length,
});

/**
 * The HTML the shared <Markdown> renderer makes of `text`. Safe to insert as
 * HTML: it comes from react-markdown, which escapes raw HTML and empties unsafe URLs.
 */
export function markdownHtml(text: string): string {
  let html = cache.get(text);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(Markdown, { children: text }));
    cache.set(text, html);
  }
  return html;
}
