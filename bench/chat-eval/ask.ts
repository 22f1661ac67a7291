// node bench/chat-eval/ask.ts [--deep] "question" ["follow-up" ...]: prints the built-in analyst's
// answer over the demo content, for whoever works on retrieval (never on the test set's questions).
import { analystAnswer } from "#server/chat/builtin-analyst.ts";
import { EMPTY_CONTEXT, nextContext } from "#server/chat/conversation.ts";
import { HubKnowledge } from "#server/chat/hub-index.ts";
import { openDemoDatabase } from "../../tests/support/demo-database.ts";

const args = process.argv.slice(2);
const deep = args.includes("--deep");
const turns = args.filter((a) => a !== "--deep");
const { database, remove } = await openDemoDatabase("chat-ask-");
try {
  const index = await new HubKnowledge(database.db).get();
  let context = EMPTY_CONTEXT;
  for (const turn of turns) {
    const reply = analystAnswer(index, turn, deep, { context });
    context = nextContext(context, reply.about, turn, reply.markdown);
    console.log(`> ${turn}\n\n${reply.markdown}\n`);
  }
} finally {
  await remove();
}
