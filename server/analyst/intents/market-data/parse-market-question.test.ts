import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HubKnowledge, type HubIndex } from "../../hub-index.ts";
import { openDemoDatabase, type DemoDatabase } from "../../../../tests/support/demo-database.ts";
import type { MarketQuery } from "./market-query.ts";
import { parseMarketQuestion } from "./parse-market-question.ts";

// Questions read into queries on the market figures: every kind, measure and period, the turns
// that lean on the one before, and the questions this intent must leave to the rest of the analyst.
// The question's topic terms come from the demo hub's own index, as the provider reads them.

const NOW = new Date("2026-11-27T12:00:00Z");
let demo: DemoDatabase;
let index: HubIndex;
beforeAll(async () => {
  demo = await openDemoDatabase("market-parse-");
  index = await new HubKnowledge(demo.database.db).get();
});
afterAll(() => demo?.remove());

function read(question: string, previous?: MarketQuery, namesCompany = false): MarketQuery | undefined {
  const text = index.correct(question);
  return parseMarketQuestion({
    text,
    namesCompany,
    topics: index.topicGroups(text),
    knows: (w) => index.knows(w),
    ...(previous ? { previous } : {}),
    now: NOW,
  });
}
const families = (q: MarketQuery | undefined) => q?.subjects.map((s) => (s.member ? `${s.slug}:${s.member}` : s.slug));

describe("reading a question on the market figures", () => {
  it("reads the issue's examples: a trend, a comparison by growth, a ranking by liters", () => {
    expect(read("how is tequila doing in Iowa?")).toMatchObject({
      subjects: [{ slug: "tequila" }],
      kind: "trend",
      measure: "dollars",
      asks: "data",
      carried: false,
    });
    const faster = read("which grew faster in 2019, tequila or vodka?");
    expect(faster).toMatchObject({ kind: "compare", basis: "growth", year: 2019, asks: "data" });
    expect(families(faster)).toEqual(["tequila", "vodka"]);
    expect(read("biggest category by liters")).toMatchObject({
      subjects: [],
      kind: "rank",
      measure: "liters",
      basis: "size",
      reverse: false,
      asks: "data",
    });
  });

  it("reads amounts, shares, rankings by growth, counts and the smallest first", () => {
    expect(read("how much vodka did iowa sell in 2016")).toMatchObject({ kind: "amount", year: 2016 });
    expect(read("what share of spirits sales is whiskey")).toMatchObject({
      kind: "share",
      subjects: [{ slug: "whiskey" }],
    });
    expect(read("top 3 families by sales in 2017")).toMatchObject({
      kind: "rank",
      count: 3,
      year: 2017,
      basis: "size",
    });
    expect(read("the five biggest spirits categories")).toMatchObject({ kind: "rank", count: 5 });
    expect(read("which spirits category grew fastest in 2018?")).toMatchObject({
      kind: "rank",
      basis: "growth",
      year: 2018,
    });
    expect(read("smallest category in iowa")).toMatchObject({ kind: "rank", reverse: true });
    expect(read("is tequila the fastest growing category?")).toMatchObject({ kind: "rank", basis: "growth" });
    expect(read("total spirits sales in iowa")).toMatchObject({ kind: "overview", subjects: [] });
  });

  it("reads periods: a span, a month, this year and last year by the clock", () => {
    const since = read("how has gin grown in iowa since 2016?");
    expect(since).toMatchObject({ from: 2016 });
    expect(since?.year).toBeUndefined();
    expect(read("rum sales in iowa from 2015 to 2018")).toMatchObject({ from: 2015, year: 2018 });
    expect(read("tequila growth in iowa over the last 5 years")).toMatchObject({ lastYears: 5, asks: "data" });
    expect(read("vodka over the past three years")).toMatchObject({ lastYears: 3 });
    expect(read("what were vodka sales in iowa in december 2019")).toMatchObject({
      year: 2019,
      month: 12,
      asks: "data",
    });
    expect(read("how is tequila doing in iowa this year?")).toMatchObject({ year: 2026, yearSaid: "this year" });
    expect(read("vodka sales last year")).toMatchObject({ year: 2025, yearSaid: "last year", asks: "data" });
    expect(read("how is tequila doing in iowa in 2023?")).toMatchObject({ year: 2023 });
  });

  it("reads a part of a family, and a family's misspelt name", () => {
    expect(families(read("bourbon sales in iowa"))).toEqual(["whiskey:bourbon"]);
    expect(families(read("how much mezcal does iowa sell"))).toEqual(["other:mezcal"]);
    expect(families(read("how did liqeurs do in iowa in 2017"))).toEqual(["liqueur"]);
    expect(families(read("whiksey's share of iowa spirits dollars in 2018?"))).toEqual(["whiskey"]);
  });

  it("reads a question that only names a family as one the hub's coverage may answer, with the figures beside", () => {
    expect(read("how's bourbon holding up")).toMatchObject({ asks: "family", otherWords: [] });
    expect(read("is rum growing?")).toMatchObject({ asks: "family", kind: "trend" });
    // Words beyond the figures are kept, so the answer can say the figures do not speak to them.
    expect(read("Any news on levies for Scotch?")).toMatchObject({ asks: "family", otherWords: ["levies"] });
    expect(read("how did tequila do in des moines in 2019?")).toMatchObject({ asks: "family", cue: true });
  });

  it("leaves alone a question with no family and no word of the figures, one on a company or brand, and one on the brands inside a family", () => {
    for (const question of [
      "Who owns Tito's?",
      "What did the recaps say about tariffs?",
      "What's new in NA beer?",
      "how are spirits sales doing?",
      "whos the biggest beer distributor in the country by volume",
      "are glp-1 drugs like ozempic actually denting spirits sales? got any data on that",
      "Top RTD launches this quarter",
    ])
      expect(read(question)?.asks ?? "not taken", question).not.toBe("data");
    expect(read("how are spirits sales doing?")).toBeUndefined();
    expect(read("What did the recaps say about tariffs?")).toBeUndefined();
    expect(read("whats the #1 vodka in the us by volume")).toBeUndefined();
    expect(read("top tequilas in iowa")).toBeUndefined();
    expect(read("how is tequila doing in Iowa?", undefined, true)).toBeUndefined();
  });

  it("carries the last question into a turn that leans on it", () => {
    const tequila = read("how is tequila doing in Iowa?")!;
    expect(read("and rum?", tequila)).toMatchObject({
      kind: "trend",
      subjects: [{ slug: "rum" }],
      carried: true,
      asks: "data",
    });
    const faster = read("which grew faster in 2019, tequila or vodka?")!;
    const withRum = read("and rum?", faster);
    expect(withRum).toMatchObject({ kind: "compare", year: 2019, basis: "growth" });
    expect(families(withRum)).toEqual(["tequila", "vodka", "rum"]);
    const liters = read("biggest category by liters")!;
    expect(read("and in 2016?", liters)).toMatchObject({ kind: "rank", measure: "liters", year: 2016 });
    const vodka = read("how big is vodka in iowa")!;
    expect(read("what about by volume?", vodka)).toMatchObject({ subjects: [{ slug: "vodka" }], measure: "liters" });
    expect(read("and its share?", tequila)).toMatchObject({ kind: "share", subjects: [{ slug: "tequila" }] });
    // A turn on a family the hub's coverage answered asks for figures once it names Iowa.
    const bourbon = read("how's bourbon holding up")!;
    expect(read("and in iowa?", bourbon)).toMatchObject({
      asks: "data",
      subjects: [{ slug: "whiskey", member: "bourbon" }],
    });
    expect(read("and rum?", bourbon)).toMatchObject({ asks: "family", subjects: [{ slug: "rum" }] });
    // A turn naming nothing of the figures, or a new question of its own, is not carried.
    expect(read("any podcast on that?", tequila)).toBeUndefined();
    expect(read("how is gin doing in iowa these days?", faster)).toMatchObject({ kind: "trend", carried: false });
  });
});
