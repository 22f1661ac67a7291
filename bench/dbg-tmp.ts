import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { EMPTY_CONTEXT } from "#server/analyst/conversation-context.ts";
import { parse } from "#server/analyst/query.ts";
import { openDemoDatabase } from "../tests/support/demo-database.ts";
const { database, remove } = await openDemoDatabase("dbg-");
const index = await new HubKnowledge(database.db).get();
for (const q of process.argv.slice(2)) {
  const { query } = parse(index, q, EMPTY_CONTEXT, { now: new Date(), deep: false, market: false });
  console.log(q, JSON.stringify(query.topic), query.intent);
  const hits = index.search(query.topic.searched, 5, { perKind: true });
  for (const h of hits.slice(0, 6)) console.log("  ", h.passage.kind, h.passage.source.slice(0, 50), h.coverage.toFixed(2), h.sourceCoverage.toFixed(2), h.terms);
}
await remove();
