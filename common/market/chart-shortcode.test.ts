import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Markdown } from "../markdown/markdown.tsx";
import { chartSlugsIn, splitAtCharts } from "./chart-shortcode.ts";

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { children: text }));

describe("a recap's chart short code", () => {
  const body = "Agave keeps climbing.\n\n{{chart tequila}}\n\nVodka held.\n\n{{ chart vodka }}\n\n{{chart tequila}}";

  it("names each family a recap embeds, once, and ignores families the data has no name for", () => {
    expect(chartSlugsIn(body)).toEqual(["tequila", "vodka"]);
    expect(chartSlugsIn("{{chart absinthe}}\n\nsee {{chart gin}} inline")).toEqual([]);
  });

  it("renders as a marked link to the family's page, which a page can replace with the chart", () => {
    const out = html(body);
    expect(out).toContain(
      '<p data-market-chart="tequila"><a href="/data/tequila">Tequila in Iowa: market data</a></p>',
    );
    expect(splitAtCharts(out).map((p) => ("chart" in p ? p.chart : "html"))).toEqual([
      "html",
      "tequila",
      "html",
      "vodka",
      "tequila",
    ]);
    // Each part of HTML is whole: the renderer's wrapper is not split between them.
    const first = splitAtCharts(out)[0] as { html: string };
    expect(first.html).toBe("<p>Agave keeps climbing.</p>\n");
  });

  it("leaves a short code inside a sentence, or of an unknown family, as the text it was", () => {
    expect(html("see {{chart gin}} here")).toContain("see {{chart gin}} here");
    expect(html("{{chart absinthe}}")).toContain("{{chart absinthe}}");
    expect(html("{{chart absinthe}}")).not.toContain("data-market-chart");
  });
});
