// The analyst's reading of every evaluation question (bench/chat-eval/*.json) as a Query: written
// by `node bench/chat-eval/parse-golden.ts --write` to server/analyst/parse-golden/, and read back by
// server/analyst/query.test.ts, so a change in how a question is read shows as a diff of its Query.
import fs from "node:fs";
import path from "node:path";
import { builtinAnswer } from "#server/analyst/builtin-answer.ts";
import { EMPTY_CONTEXT, nextContext } from "#server/analyst/conversation-context.ts";
import type { HubIndex } from "#server/analyst/hub-index.ts";
import type { MarketLookup } from "#server/analyst/intents/market-data/market-lookup.ts";
import { parse, type Query } from "#server/analyst/query.ts";

const EVAL_DIR = path.resolve(import.meta.dirname, "../../bench/chat-eval");
export const GOLDEN_DIR = path.resolve(import.meta.dirname, "../../server/analyst/parse-golden");
/** The clock the golden readings are made on: a period ("this quarter") is read from it. */
export const GOLDEN_NOW = new Date("2026-11-27T12:00:00Z");

export interface GoldenTurn {
  id: string;
  turn: number;
  question: string;
  query: Query;
}

/** The evaluation sets, by name: each file of questions in bench/chat-eval. */
export function evaluationSets(): string[] {
  return fs
    .readdirSync(EVAL_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .sort();
}

/** Every turn of a set read as the analyst reads it, each in its conversation (earlier turns answered). */
export async function readSet(set: string, index: HubIndex, market: MarketLookup): Promise<GoldenTurn[]> {
  const { questions } = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, `${set}.json`), "utf8")) as {
    questions: Array<{ id: string; turns: string[]; deep?: boolean }>;
  };
  const out: GoldenTurn[] = [];
  for (const q of questions) {
    let context = EMPTY_CONTEXT;
    for (const [i, turn] of q.turns.entries()) {
      const deep = Boolean(q.deep);
      const { query } = parse(index, turn, context, {
        now: GOLDEN_NOW,
        deep,
        market: true,
        labels: true,
        imports: true,
        filings: true,
      });
      out.push({ id: q.id, turn: i + 1, question: turn, query });
      if (i < q.turns.length - 1) {
        const reply = await builtinAnswer(index, turn, deep, { context, market, now: GOLDEN_NOW });
        context = nextContext(context, reply.about, turn, reply.markdown);
      }
    }
  }
  return out;
}

export const goldenFile = (set: string) => path.join(GOLDEN_DIR, `${set}.json`);
