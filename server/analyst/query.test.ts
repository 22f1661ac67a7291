import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { evaluationSets, GOLDEN_NOW, goldenFile, readSet, type GoldenTurn } from "../../tests/support/parse-golden.ts";
import { EMPTY_CONTEXT } from "./conversation-context.ts";
import { marketLookup } from "./intents/market-data/market-lookup.ts";
import { parse, querySchema } from "./query.ts";

const hub = demoHub("analyst-query-");
const read = (question: string, deep = false) =>
  parse(hub.index, question, EMPTY_CONTEXT, { now: GOLDEN_NOW, deep, market: true }).query;

describe("a turn read into a Query", () => {
  it("routes each kind of question to its intent, whatever its names are made of", () => {
    expect(read("Who makes Fireball?")).toMatchObject({ intent: "brand-owner", brands: ["fireball"] });
    expect(read("Who is number 6 among the distributors?")).toMatchObject({ intent: "place", position: 6 });
    expect(read("Who is the biggest Anheuser-Busch wholesaler?")).toMatchObject({ intent: "carriers" });
    expect(read("Top 10 U.S. distributors")).toMatchObject({ intent: "ranking", table: "distributor", count: 10 });
    expect(read("Which is older, Yuengling or AB?")).toMatchObject({
      intent: "compare",
      companies: [24, 1],
      comparative: { measure: "age", more: true },
    });
    expect(read("How long has Anheuser-Busch been around?")).toMatchObject({
      intent: "fact",
      facts: ["founded"],
      companies: [1],
    });
    expect(read("What are the podcast's episodes?")).toMatchObject({ intent: "podcast-list", podcast: true });
    expect(read("What happened last month?")).toMatchObject({
      intent: "published",
      filters: { period: { label: "last month", from: "2026-10-01", to: "2026-10-31" } },
    });
    expect(read("How have tequila sales been doing in Iowa?")).toMatchObject({ intent: "data-series" });
    expect(read("What is happening with agave prices?")).toMatchObject({ intent: "topic" });
    expect(read("What is happening with agave prices?", true)).toMatchObject({ intent: "report", deep: true });
  });

  it("reads filters as typed values: a state's code, categories, a listing", () => {
    expect(read("Which publicly traded spirits companies are biggest in Texas?").filters).toMatchObject({
      state: "TX",
      categories: ["spirits"],
      listed: true,
    });
  });
});

describe("the golden readings of every evaluation question (server/analyst/parse-golden/)", () => {
  // Regenerate with `node bench/chat-eval/parse-golden.ts --write` after a change meant to read
  // questions differently, and review the diff: each changed Query is a question read anew.
  // A set of 160 questions, each earlier turn answered first, is read in a few seconds; on CI's two
  // busy cores it has taken more than the unit tests' default 5 s.
  for (const set of evaluationSets())
    it(`reads ${set} as its golden file says`, { timeout: 30_000 }, async () => {
      const golden = JSON.parse(fs.readFileSync(goldenFile(set), "utf8")) as GoldenTurn[];
      const turns = await readSet(set, hub.index, marketLookup(hub.database.db));
      expect(turns.length).toBe(golden.length);
      for (const [i, turn] of turns.entries()) {
        expect(querySchema.parse(turn.query)).toEqual(turn.query);
        expect(JSON.parse(JSON.stringify(turn)), `${set} ${turn.id} turn ${turn.turn}: ${turn.question}`).toEqual(
          golden[i],
        );
      }
    });
});
