import familiesFile from "../../content/market-data/families.json" with { type: "json" };
import { dataFamilyPath } from "./market-paths.ts";

// A recap embeds a family's market chart with a paragraph of its own: {{chart tequila}}.
// The markdown renderer turns it into a link to the family's page, marked so that a page which
// has the figures draws the chart in its place (a feed, an email or a chat reply keeps the link).

const SHORTCODE = /^\{\{\s*chart\s+([a-z]{1,40})\s*\}\}$/;

/** The attribute a drawn recap's placeholder carries: the family's slug. */
export const CHART_ATTRIBUTE = "data-market-chart";

const LABELS = new Map((familiesFile.families as Array<{ slug: string; label: string }>).map((f) => [f.slug, f.label]));

/** The families a recap's markdown embeds, in order, once each. */
export function chartSlugsIn(markdown: string): string[] {
  const slugs = markdown
    .split(/\r?\n/)
    .map((line) => SHORTCODE.exec(line.trim())?.[1])
    .filter((slug): slug is string => slug !== undefined && LABELS.has(slug));
  return [...new Set(slugs)];
}

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, string> };
}

/**
 * A remark plugin: a top-level paragraph that is only a chart short code becomes a link to the
 * family's page, carrying CHART_ATTRIBUTE. An unknown family is left as the text it was.
 */
export function remarkMarketCharts() {
  return (tree: MdNode) => {
    for (const node of tree.children ?? []) {
      const only = node.type === "paragraph" && node.children?.length === 1 ? node.children[0] : undefined;
      const slug = only?.type === "text" ? SHORTCODE.exec(only.value!.trim())?.[1] : undefined;
      const label = slug ? LABELS.get(slug) : undefined;
      if (!slug || !label) continue;
      node.data = { hProperties: { [CHART_ATTRIBUTE]: slug } };
      node.children = [
        {
          type: "link",
          url: dataFamilyPath(slug),
          children: [{ type: "text", value: `${label} in Iowa: market data` }],
        },
      ];
    }
  };
}

const WRAPPER = /^<div class="markdown">([\s\S]*)<\/div>$/;

/**
 * A body the renderer made, cut at its chart placeholders: HTML, then a family's slug, then
 * HTML… The renderer's own wrapper is taken off, so that each part of HTML is whole.
 */
export function splitAtCharts(rendered: string): Array<{ html: string } | { chart: string; fallback: string }> {
  const html = WRAPPER.exec(rendered.trim())?.[1] ?? rendered;
  const parts: Array<{ html: string } | { chart: string; fallback: string }> = [];
  const placeholder = new RegExp(`<p ${CHART_ATTRIBUTE}="([a-z]+)">.*?</p>`, "g");
  let at = 0;
  for (const m of html.matchAll(placeholder)) {
    if (html.slice(at, m.index).trim()) parts.push({ html: html.slice(at, m.index) });
    parts.push({ chart: m[1]!, fallback: m[0] });
    at = m.index + m[0].length;
  }
  if (html.slice(at).trim()) parts.push({ html: html.slice(at) });
  return parts;
}
