import { describe, expect, it } from "vitest";
import { markdownHtml } from "./markdown-html.ts";
import { markdownHeadings } from "./markdown-headings.ts";

describe("the shared markdown renderer", () => {
  it("renders paragraphs, three heading levels, lists, bold and GFM tables", () => {
    const html = markdownHtml(
      "Intro **bold**\n\n## Two\n\n### Three\n\n#### Four\n\n- a\n- b\n\n1. one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    );
    expect(html).toContain("<p>Intro <strong>bold</strong></p>");
    expect(html).toContain("<h2>Two</h2>");
    expect(html).toContain("<h3>Three</h3>");
    expect(html).toContain("<h4>Four</h4>");
    expect(html).toContain("<ul>");
    expect(html).toContain("<ol>");
    expect(html).toMatch(/<div class="md-table" role="region" aria-label="Table" tabindex="0"><table>/);
  });

  it("never turns raw HTML into elements", () => {
    const html = markdownHtml(
      'Hello <script>alert(1)</script> <img src=x onerror="alert(1)">\n\n<div onclick="x()">block</div>',
    );
    expect(html).not.toMatch(/<script|<img|<div onclick/i);
  });

  it("keeps only safe link and image addresses", () => {
    const html = markdownHtml(
      "[a](javascript:alert(1)) [b](data:text/html,x) [c](/recap) [d](mailto:x@y.z) ![i](vbscript:x)",
    );
    expect(html).not.toMatch(/javascript:|data:text|vbscript:/);
    expect(html).toContain('href="/recap"');
    expect(html).toContain('href="mailto:x@y.z"');
  });

  it("opens external links in a new tab without an opener", () => {
    const html = markdownHtml("[out](https://example.com/x) [in](/podcast)");
    expect(html).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/podcast">in</a>');
  });

  it("demotes a top-level heading below the page's own h1", () => {
    expect(markdownHtml("# Top")).toContain("<h2>Top</h2>");
  });

  // Issue 37, point 6: a citation of a recap's section lands on its heading.
  it("gives a recap's headings of levels 1 to 3 their ids, when asked", () => {
    const text = [
      "Intro",
      "",
      "# Top **line**",
      "",
      "## Key points",
      "",
      "```",
      "## not a heading",
      "```",
      "",
      "Setext heading",
      "--------------",
      "",
      "### Key points",
      "",
      "#### Four",
    ].join("\n");
    const html = markdownHtml(text, { headingIds: true });
    expect(html).toContain('<h2 id="top-line">Top <strong>line</strong></h2>');
    expect(html).toContain('<h2 id="key-points">Key points</h2>');
    expect(html).toContain('<h2 id="setext-heading">Setext heading</h2>');
    expect(html).toContain('<h3 id="key-points-2">Key points</h3>');
    expect(html).toContain("<h4>Four</h4>");
    expect(html).toContain("## not a heading");
    expect(markdownHeadings(text).map((h) => [h.line, h.depth, h.id])).toEqual([
      [3, 1, "top-line"],
      [5, 2, "key-points"],
      [11, 2, "setext-heading"],
      [14, 3, "key-points-2"],
    ]);
    // Feeds and mail carry none: their readers are not on the recap's page.
    expect(markdownHtml(text)).toContain("<h2>Key points</h2>");
  });
});
