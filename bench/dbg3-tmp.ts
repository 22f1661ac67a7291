import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { companiesNamed } from "#server/analyst/company-names.ts";
import { openDemoDatabase } from "../tests/support/demo-database.ts";
const { database, remove } = await openDemoDatabase("dbg-");
const index = await new HubKnowledge(database.db).get();
for (const q of process.argv.slice(2)) { const c = index.correct(q); console.log(q, "→", c, companiesNamed(c, index.aliases)); }
await remove();
