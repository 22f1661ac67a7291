// node bench/chat-eval/ask.ts [--deep] "question" ["follow-up" ...]: prints the built-in analyst's
// answer over the demo content, asked as the provider asks it (the market figures and the records'
// samples included), for
// whoever works on retrieval (never on the test sets' questions).
import { builtinAnswer } from "#server/analyst/builtin-answer.ts";
import { EMPTY_CONTEXT, nextContext } from "#server/analyst/conversation-context.ts";
import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { marketLookup } from "#server/analyst/intents/market-data/market-lookup.ts";
import { evalLabels } from "./eval-labels.ts";
import { evalRecords } from "./eval-records.ts";
import { openDemoDatabase } from "../../tests/support/demo-database.ts";

const args = process.argv.slice(2);
const deep = args.includes("--deep");
const turns = args.filter((a) => a !== "--deep");
const { database, remove } = await openDemoDatabase("chat-ask-");
try {
  const index = await new HubKnowledge(database.db).get();
  const market = marketLookup(database.db);
  const labels = await evalLabels(database.db);
  const { imports, filings } = await evalRecords(database.db);
  let context = EMPTY_CONTEXT;
  for (const turn of turns) {
    const reply = await builtinAnswer(index, turn, deep, { context, market, labels, imports, filings });
    context = nextContext(context, reply.about, turn, reply.markdown);
    console.log(`> ${turn}\n\n${reply.markdown}\n`);
  }
} finally {
  await remove();
}
