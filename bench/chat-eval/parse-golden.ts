// node bench/chat-eval/parse-golden.ts --write: writes the analyst's reading of every evaluation
// question (its Query) to server/analyst/parse-golden/, one file per set; without --write, prints
// how many readings differ from the files. Review the diff before committing it: each changed
// Query is a question now read differently.
import fs from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { marketLookup } from "#server/analyst/intents/market-data/market-lookup.ts";
import { openDemoDatabase } from "../../tests/support/demo-database.ts";
import { evaluationSets, GOLDEN_DIR, goldenFile, readSet } from "../../tests/support/parse-golden.ts";

const write = process.argv.includes("--write");
const { database, remove } = await openDemoDatabase("parse-golden-");
try {
  const index = await new HubKnowledge(database.db).get();
  const market = marketLookup(database.db);
  fs.mkdirSync(GOLDEN_DIR, { recursive: true });
  for (const set of evaluationSets()) {
    const turns = await readSet(set, index, market);
    const file = goldenFile(set);
    const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as unknown[]) : [];
    const changed = turns.filter((t, i) => !isDeepStrictEqual(JSON.parse(JSON.stringify(t)), before[i])).length;
    if (write) fs.writeFileSync(file, `${JSON.stringify(turns, null, 1)}\n`);
    console.log(`${set}: ${turns.length} turns, ${changed} read differently${write ? " (written)" : ""}`);
  }
} finally {
  await remove();
}
