// npm run bench:chat-eval: scores Ask Eddy on bench/chat-eval/questions.json (the
// facts and sources a right answer must contain) and on the questions generated
// from the company data (server/chat/fact-questions.ts). By default it asks the
// built-in analyst over the demo content on a fresh SQLite database; with
// `--url http://host:port` it asks that server's /api/chat instead (whatever
// provider it runs), each conversation under its own uuid.
// Prints the failures and the scores; writes bench/results/chat-eval.json; exits 1 unless every question is right.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { analystAnswer } from "#server/chat/builtin-analyst.ts";
import { EMPTY_CONTEXT, nextContext } from "#server/chat/conversation.ts";
import { generatedFactQuestions } from "#server/chat/fact-questions.ts";
import { HubKnowledge } from "#server/chat/hub-index.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemoContent } from "#server/db/seed.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";

const evalSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      turns: z.array(z.string()).min(1),
      facts: z.array(z.string()),
      sources: z.array(z.string()),
      not: z.array(z.string()).optional(),
    }),
  ),
});
const here = import.meta.dirname;
const { questions } = evalSchema.parse(JSON.parse(fs.readFileSync(path.join(here, "questions.json"), "utf8")));
const urlArg = process.argv.indexOf("--url");
const remote = urlArg > 0 ? process.argv[urlArg + 1] : undefined;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chat-eval-"));
const database = openDatabase({ dataDir: dir });
try {
  await migrateToLatest(database.db);
  await seedDemoContent(database.db, dir);
  const index = await new HubKnowledge(database.db).get();
  const recaps = await database.db.selectFrom("weekly_summaries").select(["id", "headline"]).execute();
  const episodes = await database.db.selectFrom("podcast_episodes").select(["id", "title"]).execute();

  /** A named source as the link an answer carries. */
  function linkOf(source: string): string {
    const [kind, name] = [source.slice(0, source.indexOf(":")), source.slice(source.indexOf(":") + 1)];
    const url =
      kind === "recap"
        ? `/recap/${recaps.find((r) => r.headline.includes(name))?.id}`
        : kind === "episode"
          ? episodePath(episodes.find((e) => e.title.includes(name))?.id ?? -1)
          : `/explorer?company=${COMPANIES.find((c) => c.name === name)?.id}`;
    if (url.includes("undefined") || url.includes("-1"))
      throw new Error(`questions.json names an unknown source: ${source}`);
    return `](${url})`;
  }

  /** The answer to a conversation's last turn. */
  async function answer(turns: string[]): Promise<{ text: string; ms: number }> {
    const uuid = randomUUID();
    let context = EMPTY_CONTEXT;
    let text = "";
    const started = performance.now();
    for (const turn of turns) {
      if (remote) {
        const res = await fetch(`${remote}/api/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            message: turn,
            uuid,
            timestamp: new Date().toISOString(),
            deepresearchStatus: "false",
            retryAttempt: 0,
          }),
        });
        text = ((await res.json()) as { output?: string }).output ?? "";
      } else {
        const reply = analystAnswer(index, turn, false, { context });
        context = nextContext(context, reply.about, turn, reply.markdown);
        text = reply.markdown;
      }
    }
    return { text, ms: performance.now() - started };
  }

  const failures: Array<{ set: string; question: string; missing: string }> = [];
  const times: number[] = [];
  let right = 0;
  for (const q of questions) {
    const { text, ms } = await answer(q.turns);
    times.push(ms);
    const missing = [
      ...q.facts.filter((f) => !text.includes(f)),
      ...q.sources
        .map(linkOf)
        .filter((l) => !text.includes(l))
        .map((l) => `link ${l}`),
      ...(q.not ?? []).filter((n) => text.includes(n)).map((n) => `must not say ${n}`),
    ];
    if (missing.length) failures.push({ set: "eval", question: q.turns.join(" / "), missing: missing.join(" | ") });
    else right++;
  }
  const generated = generatedFactQuestions();
  let generatedRight = 0;
  for (const g of generated) {
    const { text } = await answer([g.question]);
    const missing = g.mustContain.filter((f) => !text.includes(f));
    if (missing.length)
      failures.push({ set: `generated (${g.form})`, question: g.question, missing: missing.join(" | ") });
    else generatedRight++;
  }

  if (failures.length) console.table(failures);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const result = {
    provider: remote ?? "built-in analyst, demo content",
    evaluation: `${right}/${questions.length}`,
    generated: `${generatedRight}/${generated.length}`,
    "median answer ms (evaluation)": +median.toFixed(2),
  };
  console.table([result]);
  fs.mkdirSync(path.join(here, "..", "results"), { recursive: true });
  fs.writeFileSync(
    path.join(here, "..", "results", "chat-eval.json"),
    `${JSON.stringify({ ...result, failures }, null, 2)}\n`,
  );
  process.exitCode = failures.length ? 1 : 0;
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
