// npm run bench:chat-eval: scores Ask Eddy on bench/chat-eval/questions.json (the
// facts and sources a right answer must contain) and on the questions generated
// from the company data (server/analyst/fact-questions.ts). By default it asks the
// built-in analyst over the demo content on a fresh SQLite database; with
// `--url http://host:port` it asks that server's /api/chat instead (whatever
// provider it runs), each conversation under its own uuid.
// Prints the failures and the scores per set and class; writes bench/results/chat-eval.json;
// exits 1 unless the regression set and the generated questions are all right and the held-apart
// test set scores at least 90 %.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { builtinAnswer } from "#server/analyst/builtin-answer.ts";
import { EMPTY_CONTEXT, nextContext } from "#server/analyst/conversation-context.ts";
import { generatedFactQuestions } from "#server/analyst/fact-questions.ts";
import { HubKnowledge } from "#server/analyst/hub-index.ts";
import { marketLookup } from "#server/analyst/intents/market-data/market-lookup.ts";
import { familyBySlug } from "#server/market/families.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import { openDemoDatabase } from "../../tests/support/demo-database.ts";
import { evalLabels } from "./eval-labels.ts";
import { evalRecords } from "./eval-records.ts";

const CLASSES = [
  "company-fact",
  "ranking",
  "comparison",
  "category-trend",
  "recap-topic",
  "podcast",
  "follow-up",
  "deep-research",
  "out-of-coverage",
  "market-data",
] as const;
const questionSchema = z.object({
  id: z.string(),
  // A set's own classes are read too (the data sets' authors name theirs); the known ones come first in the report.
  class: z.string().min(1).optional(),
  turns: z.array(z.string()).min(1),
  deep: z.boolean().optional(),
  facts: z.array(z.string()),
  sources: z.array(z.string()),
  minSources: z.number().int().positive().optional(),
  not: z.array(z.string()).optional(),
});
type Question = z.infer<typeof questionSchema>;
const setSchema = z.object({ questions: z.array(questionSchema) });
const here = import.meta.dirname;
const readSet = (file: string): Question[] =>
  setSchema.parse(JSON.parse(fs.readFileSync(path.join(here, file), "utf8"))).questions;

// Three sets: the regression set the analyst was built against (questions.json), and the
// held-apart sets written by two other authors from the content alone: development (changes
// may be tuned on it) and test (never tuned on; it is what the note reports). `--only dev`
// scores the development set alone, so whoever tunes never sees the test failures.
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
const SETS: Array<{ name: string; file: string }> = [
  { name: "regression", file: "questions.json" },
  { name: "dev", file: "held-apart-dev.json" },
  // A second development set, written later by a third author from the content alone, to find
  // what the fixes on the first had overfitted (changes may be tuned on it too).
  { name: "probe", file: "held-apart-probe.json" },
  // A third development set by a fourth author, once the first probe set was used up by tuning.
  { name: "probe-2", file: "held-apart-probe-2.json" },
  // A fourth development set by a fifth author, once probe-2 was used up by tuning in its turn.
  { name: "probe-3", file: "held-apart-probe-3.json" },
  // And a sixth author's, scored once before any change was made for it, then tuned on.
  { name: "probe-4", file: "held-apart-probe-4.json" },
  // A seventh author's, written from the content alone once the issue-40 redesign was in place;
  // scored once untouched (2026-11-28), then tuned on.
  { name: "probe-5", file: "held-apart-probe-5.json" },
  { name: "test", file: "held-apart-test.json" },
  // Questions on the market figures (issue 39), written by another author from the data alone: a
  // development set (tuned on) and a test set, scored like "test" (never tuned on, failures hidden).
  { name: "data-dev", file: "held-apart-data-dev.json" },
  { name: "data-test", file: "held-apart-data-test.json" },
  // Issue 40: facts the company data holds, each asked eight ways (plain, casual, filler, another verb,
  // a short name, a typo, as a second clause, yes/no or comparative), written by another author from
  // the company data alone; it measures understanding of questions rather than wordings. Never tuned on.
  { name: "paraphrase", file: "held-apart-paraphrase.json" },
  // Its development twin: other facts (of companies the paraphrase set does not ask about), asked the
  // same eight ways by another helper from the company data alone; scored once untouched, then tuned on.
  { name: "paraphrase-dev", file: "held-apart-paraphrase-dev.json" },
  // A second development twin (issue 40), by another helper from the company data alone, on the
  // companies neither paraphrase set asks about; scored once before any change for it (2026-11-28).
  { name: "paraphrase-dev-2", file: "held-apart-paraphrase-dev-2.json" },
  // Issue 41: questions on the label approvals of a recorded sample (label-sample.ts, imported into the
  // evaluation's database): a development set (tuned on), and a test set written by another helper from
  // the sample alone, never tuned on.
  { name: "records-dev", file: "held-apart-records-dev.json" },
  { name: "records-test", file: "held-apart-records-test.json" },
].filter((s) => (!only || s.name === only) && fs.existsSync(path.join(here, s.file)));
/** The test set's target share of right answers (issue 25). */
const TEST_TARGET = 0.9;
const urlArg = process.argv.indexOf("--url");
const remote = urlArg > 0 ? process.argv[urlArg + 1] : undefined;

/** Sets whose failures a run hides unless `--show-test` is passed: nobody tunes on them. */
const HIDDEN = new Set(["test", "data-test", "paraphrase", "records-test"]);

const { database, remove } = await openDemoDatabase("chat-eval-");
try {
  const index = await new HubKnowledge(database.db).get();
  // Asked as the provider asks (builtin-answer.ts), so questions on the market figures are answered from them.
  const market = marketLookup(database.db);
  const labels = await evalLabels(database.db);
  const { imports, filings } = await evalRecords(database.db);
  const recaps = await database.db.selectFrom("weekly_summaries").select(["id", "headline"]).execute();
  const episodes = await database.db.selectFrom("podcast_episodes").select(["id", "title"]).execute();

  /** A named source as a test on an answer: does it link there? */
  function linkOf(source: string): RegExp {
    const [kind, name] = [source.slice(0, source.indexOf(":")), source.slice(source.indexOf(":") + 1)];
    // A company's label approvals (`labels:Sazerac Company`): /data/labels filtered to it.
    if (kind === "labels") {
      const id = COMPANIES.find((c) => c.name === name)?.id;
      if (id === undefined) throw new Error(`An evaluation set names an unknown source: ${source}`);
      return new RegExp(`\\]\\(/data/labels\\?company=${id}\\)`);
    }
    // The import figures of a code from a country (`imports:220890:2010`): /data/imports for them.
    if (kind === "imports") {
      const [code, country] = name.split(":");
      return new RegExp(`\\]\\(/data/imports\\?code=${code}&country=${country}\\)`);
    }
    // The market figures: a family's page (`data:tequila`), or the overview (`data:overview`).
    if (kind === "data") {
      if (name !== "overview" && !familyBySlug(name))
        throw new Error(`An evaluation set names an unknown source: ${source}`);
      return name === "overview" ? /\]\(\/data\)/ : new RegExp(`\\]\\(/data/${name}[)#?]`);
    }
    const id =
      kind === "recap"
        ? recaps.find((r) => r.headline.includes(name))?.id
        : kind === "episode"
          ? episodes.find((e) => e.title.includes(name))?.id
          : COMPANIES.find((c) => c.name === name)?.id;
    if (id === undefined || !["recap", "episode", "company"].includes(kind))
      throw new Error(`An evaluation set names an unknown source: ${source}`);
    const url = kind === "recap" ? `/recap/${id}` : kind === "company" ? `/explorer?company=${id}` : episodePath(id);
    // An episode may be cited at a second (`&t=…` after its fragment), a recap at a section (`#…`).
    const part = kind === "episode" ? "(\\)|&t=)" : kind === "recap" ? "(\\)|#)" : "\\)";
    return new RegExp(`\\]\\(${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${part}`);
  }
  /** The distinct hub sources an answer links: recaps, profiles and episodes. */
  const HUB_LINK = /\]\((\/recap\/\d+|\/explorer\?company=\d+|\/podcast\?episode=\d+)[)#]/g;
  const distinctSources = (text: string) => new Set([...text.matchAll(HUB_LINK)].map((m) => m[1])).size;

  /** The answer to a conversation's last turn. */
  async function answer(turns: string[], deep = false): Promise<{ text: string; ms: number }> {
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
            deepresearchStatus: deep ? "true" : "false",
            retryAttempt: 0,
          }),
        });
        text = ((await res.json()) as { output?: string }).output ?? "";
      } else {
        const reply = await builtinAnswer(index, turn, deep, { context, market, labels, imports, filings });
        context = nextContext(context, reply.about, turn, reply.markdown);
        text = reply.markdown;
      }
    }
    return { text, ms: performance.now() - started };
  }

  /** What a question's answer lacks (empty when it is right). */
  function shortfall(q: Question, text: string): string[] {
    const found = distinctSources(text);
    return [
      ...q.facts.filter((f) => !text.includes(f)),
      ...q.sources.filter((s) => !linkOf(s).test(text)).map((s) => `link to ${s}`),
      ...(q.minSources && found < q.minSources ? [`${found} distinct sources, not ${q.minSources}`] : []),
      ...(q.not ?? []).filter((n) => text.includes(n)).map((n) => `must not say ${n}`),
    ];
  }

  const failures: Array<{ set: string; class: string; question: string; missing: string }> = [];
  const times: number[] = [];
  const scores: Array<Record<string, string | number>> = [];
  let belowTarget = false;
  for (const set of SETS) {
    const byClass = new Map<string, { right: number; total: number }>();
    for (const q of readSet(set.file)) {
      const { text, ms } = await answer(q.turns, q.deep);
      if (set.name === "regression") times.push(ms);
      const missing = shortfall(q, text);
      const cls = q.class ?? "all";
      const tally = byClass.get(cls) ?? { right: 0, total: 0 };
      byClass.set(cls, { right: tally.right + (missing.length ? 0 : 1), total: tally.total + 1 });
      if (missing.length)
        failures.push({ set: set.name, class: cls, question: q.turns.join(" / "), missing: missing.join(" | ") });
    }
    const place = (cls: string) => (CLASSES.includes(cls as never) ? CLASSES.indexOf(cls as never) : CLASSES.length);
    const rows = [...byClass].sort(([a], [b]) => place(a) - place(b) || a.localeCompare(b));
    const right = rows.reduce((n, [, t]) => n + t.right, 0);
    const total = rows.reduce((n, [, t]) => n + t.total, 0);
    for (const [cls, t] of rows)
      scores.push({
        set: set.name,
        class: cls,
        right: t.right,
        of: t.total,
        "%": +((100 * t.right) / t.total).toFixed(1),
      });
    if (rows.length > 1)
      scores.push({ set: set.name, class: "(all)", right, of: total, "%": +((100 * right) / total).toFixed(1) });
    if (set.name === "regression" && right < total) belowTarget = true;
    if (set.name === "test" && right < TEST_TARGET * total) belowTarget = true;
  }
  const generated = !only || only === "generated" ? generatedFactQuestions() : [];
  let generatedRight = 0;
  for (const g of generated) {
    const { text } = await answer([g.question]);
    const missing = g.mustContain.filter((f) => !text.includes(f));
    if (missing.length)
      failures.push({ set: "generated", class: g.form, question: g.question, missing: missing.join(" | ") });
    else generatedRight++;
  }
  if (generated.length) {
    scores.push({
      set: "generated",
      class: "(all)",
      right: generatedRight,
      of: generated.length,
      "%": +((100 * generatedRight) / generated.length).toFixed(1),
    });
    if (generatedRight < generated.length) belowTarget = true;
  }

  // `--only dev` shows the development failures; a full run hides the test set's questions
  // unless asked (`--show-test`), so reading the report does not tune on it.
  const shown = failures.filter((f) => !HIDDEN.has(f.set) || process.argv.includes("--show-test"));
  if (shown.length) console.table(shown);
  console.table(scores);
  const median = times.length ? [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]! : 0;
  const result = {
    provider: remote ?? "built-in analyst, demo content",
    "median answer ms (regression set)": +median.toFixed(2),
  };
  console.table([result]);
  fs.mkdirSync(path.join(here, "..", "results"), { recursive: true });
  fs.writeFileSync(
    path.join(here, "..", "results", "chat-eval.json"),
    `${JSON.stringify({ ...result, scores, failures: shown }, null, 2)}\n`,
  );
  process.exitCode = belowTarget ? 1 : 0;
} finally {
  await remove();
}
