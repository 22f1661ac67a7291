// The built-in analyst's speed: the median time to answer each suggested prompt
// over the demo content, then over 10,000 synthetic recaps (index build included
// separately). Prints the demo answers to the four prompts. Questions on the market
// figures are timed as the provider answers them (builtin-answer.ts: the content
// version read, the cached figures, the answer).
// Usage: node bench/chat-analyst.ts [synthetic-recaps]
import { analystAnswer } from "#server/analyst/builtin-analyst.ts";
import { builtinAnswer } from "#server/analyst/builtin-answer.ts";
import { EMPTY_CONTEXT } from "#server/analyst/conversation-context.ts";
import { marketLookup } from "#server/analyst/intents/market-data/market-lookup.ts";
import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { openDemoDatabase } from "../tests/support/demo-database.ts";

const PROMPTS = [
  "What's trending in tequila in New York?",
  "Compare the recent activity of Diageo and Pernod Ricard",
  "Top RTD launches this quarter",
  "Premium spirits market slowdown analysis",
  "Who owns Tito's?",
  "What is the biggest distributor in Texas?",
  "What did the recaps say about tariffs?",
];
// Questions on the market figures (issue 39): one of each kind, and one the hub's coverage answers with the figures beside.
const DATA_PROMPTS = [
  "How is tequila doing in Iowa?",
  "Which grew faster in 2019, tequila or vodka?",
  "Biggest category by liters",
  "What share of spirits sales is whiskey?",
  "How's bourbon holding up?",
];
const synthetic = Number(process.argv[2] ?? 10_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(label: string, extraRecaps: number) {
  const { database, remove } = await openDemoDatabase("analyst-bench-");
  try {
    const topics = [
      "tequila",
      "bourbon",
      "RTD",
      "wine",
      "beer",
      "distributor",
      "pricing",
      "tariff",
      "premium",
      "no-alc",
      "mezcal",
      "cognac",
      "gin",
      "vodka",
      "seltzer",
    ];
    const places = ["New York", "Texas", "California", "Florida", "Illinois", "Georgia", "Ohio", "New Jersey"];
    for (let start = 0; start < extraRecaps; start += 500) {
      const rows = Array.from({ length: Math.min(500, extraRecaps - start) }, (_, k) => {
        const i = start + k;
        const t = topics[i % topics.length]!;
        const u = topics[(i * 7) % topics.length]!;
        const p = places[i % places.length]!;
        return {
          date: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
          headline: `Synthetic ${i}: ${t} and ${u} in ${p}`,
          content: `## ${t} in ${p}\n\nSynthetic recap ${i} about ${t} depletions, ${u} pricing and distributor moves in ${p}. Retailers report steady ${t} demand.\n\n## What to watch\n\n- ${u} launches\n- ${t} shelf resets`,
          snippets: `${t} and ${u} in ${p}.`,
          tags: JSON.stringify([t, u]),
        };
      });
      await database.db.insertInto("weekly_summaries").values(rows).execute();
    }
    const knowledge = new HubKnowledge(database.db);
    const t0 = performance.now();
    await knowledge.get();
    const buildMs = performance.now() - t0;
    const knowledgeIndex = await knowledge.get();
    const measured = PROMPTS.map((prompt) => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const t = performance.now();
        analystAnswer(knowledgeIndex, prompt, false);
        times.push(performance.now() - t);
      }
      const deepTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        analystAnswer(knowledgeIndex, prompt, true);
        deepTimes.push(performance.now() - t);
      }
      return {
        corpus: label,
        prompt,
        "median ms": +median(times).toFixed(2),
        "deep median ms": +median(deepTimes).toFixed(2),
      };
    });
    const market = marketLookup(database.db);
    await market();
    for (const prompt of DATA_PROMPTS) {
      const times: number[] = [];
      const deepTimes: number[] = [];
      for (let i = 0; i < 50; i++) {
        const t = performance.now();
        await builtinAnswer(knowledgeIndex, prompt, false, { context: EMPTY_CONTEXT, market });
        times.push(performance.now() - t);
      }
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await builtinAnswer(knowledgeIndex, prompt, true, { context: EMPTY_CONTEXT, market });
        deepTimes.push(performance.now() - t);
      }
      measured.push({
        corpus: label,
        prompt: `${prompt} (market figures)`,
        "median ms": +median(times).toFixed(2),
        "deep median ms": +median(deepTimes).toFixed(2),
      });
    }
    console.log(`\n${label}: ${knowledgeIndex.passages.length} passages, index built in ${buildMs.toFixed(0)} ms`);
    console.table(measured);
    if (extraRecaps === 0)
      for (const prompt of PROMPTS)
        console.log(`\n----- ${prompt}\n${analystAnswer(knowledgeIndex, prompt, false).markdown}`);
  } finally {
    await remove();
  }
}

await measure("demo content", 0);
await measure(`demo + ${synthetic.toLocaleString("en-US")} synthetic recaps`, synthetic);
