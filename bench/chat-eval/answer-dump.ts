// node bench/chat-eval/answer-dump.ts OUT.json: writes the built-in analyst's answer to every question
// of every evaluation set, for whoever restructures the analyst to compare before and after (a move
// that changes no behaviour changes no answer). The sets nobody tunes on are written as digests, so a
// comparison says that one of their answers changed without showing it.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { builtinAnswer } from "#server/analyst/builtin-answer.ts";
import { EMPTY_CONTEXT, nextContext } from "#server/analyst/conversation-context.ts";
import { generatedFactQuestions } from "#server/analyst/fact-questions.ts";
import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { marketLookup } from "#server/analyst/intents/market-data/market-lookup.ts";
import { evalLabels } from "./eval-labels.ts";
import { openDemoDatabase } from "../../tests/support/demo-database.ts";

const out = process.argv[2];
if (!out) throw new Error("usage: node bench/chat-eval/answer-dump.ts OUT.json");
const here = import.meta.dirname;
const HIDDEN = new Set(["held-apart-test.json", "held-apart-data-test.json", "held-apart-paraphrase.json"]);
type Asked = { id: string; turns: string[]; deep?: boolean };

const { database, remove } = await openDemoDatabase("chat-dump-");
try {
  const index = await new HubKnowledge(database.db).get();
  const market = marketLookup(database.db);
  const labels = await evalLabels(database.db);
  const answers: Record<string, Record<string, string>> = {};
  const sets: Array<[string, Asked[]]> = fs
    .readdirSync(here)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => [
      file,
      (JSON.parse(fs.readFileSync(path.join(here, file), "utf8")) as { questions: Asked[] }).questions,
    ]);
  sets.push(["generated", generatedFactQuestions().map((q, i) => ({ id: String(i), turns: [q.question] }))]);
  for (const [file, questions] of sets) {
    const set: Record<string, string> = (answers[file] = {});
    for (const q of questions) {
      let context = EMPTY_CONTEXT;
      let text = "";
      for (const turn of q.turns) {
        const reply = await builtinAnswer(index, turn, q.deep ?? false, { context, market, labels });
        context = nextContext(context, reply.about, turn, reply.markdown);
        text = reply.markdown;
      }
      set[q.id] = HIDDEN.has(file) ? createHash("sha256").update(text).digest("hex").slice(0, 16) : text;
    }
  }
  fs.writeFileSync(out, JSON.stringify(answers, null, 1));
} finally {
  await remove();
}
