import { withCategoryWords } from "./market-evidence.ts";
import type { MarketFigures } from "./market-lookup.ts";
import type { MarketQuery } from "./market-query.ts";
import { parseMarketQuestion, type MarketQuestion } from "./parse-market-question.ts";
import { marketAnswer, marketBrief } from "./render-market-answer.ts";

// The intent "data series" (issue 40's registry): which turns it takes, the evidence it needs
// (the market figures, fetched by the caller only for a turn it takes) and how it answers.

/**
 * How this intent takes a turn it has read:
 * - `figures`: the figures answer it ("how is tequila doing in Iowa?", "biggest category by liters");
 * - `beside`: the hub's coverage answers it, the figures beside ("how's bourbon holding up?"), or
 *   alone where the hub has no coverage ("is schnapps growing?");
 * - `fallback`: the question asks about more than the figures hold ("bourbon tariffs"): the hub's
 *   coverage answers it. Where it has none, a question that asks for figures too ("tequila in Des
 *   Moines in 2019") gets them, said to be only that; any other keeps "No coverage yet" for what it
 *   asks, with the figures the hub does hold on its family beside.
 */
export type MarketRoute = "figures" | "beside" | "fallback";

export interface MarketTake {
  query: MarketQuery;
  route: MarketRoute;
}

const routeOf = (query: MarketQuery): MarketRoute =>
  query.asks === "data" ? "figures" : query.otherWords.length ? "fallback" : "beside";

export const marketDataIntent = {
  name: "market-data",

  /** The turn as a query on the figures, and how to answer it; undefined for a turn this intent does not take. */
  read(question: MarketQuestion): MarketTake | undefined {
    const query = parseMarketQuestion(question);
    return query ? { query, route: routeOf(query) } : undefined;
  },

  /** A turn taken, read again with the figures' own words (the state's category names): "straight bourbon". */
  refine(take: MarketTake, figures: MarketFigures): MarketTake {
    const query = withCategoryWords(take.query, figures);
    return query === take.query ? take : { query, route: routeOf(query) };
  },

  /** The answer from the figures alone. */
  answer(query: MarketQuery, figures: MarketFigures, deep: boolean): string {
    return marketAnswer(query, figures, deep);
  },

  /**
   * An answer from the hub's coverage, with the figures. `uncovered`: the coverage answer is "No
   * coverage yet", which a question on a family the figures hold never gets alone: the figures
   * answer it instead, or, for a question about more than they hold, stand beside it.
   */
  beside(take: MarketTake, figures: MarketFigures, coverage: { markdown: string; uncovered: boolean }, deep: boolean) {
    const { query, route } = take;
    if (coverage.uncovered && (route === "beside" || query.cue)) return marketAnswer(query, figures, deep);
    if (route === "fallback" && !coverage.uncovered) return coverage.markdown;
    const brief = marketBrief(query, figures);
    if (!brief) return coverage.markdown;
    // Before the coverage answer's closing suggestions, so they stay last.
    const at = coverage.markdown.lastIndexOf("\n\n**You could also ask**");
    return at > 0
      ? `${coverage.markdown.slice(0, at)}\n\n${brief}${coverage.markdown.slice(at)}`
      : `${coverage.markdown}\n\n${brief}`;
  },
};
