// "What happened last month?", "what's the latest recap about?": nothing to search for but the period
// or the news itself, so the answer is what was published (in the period), newest first.
import type { AnswerIntent } from "../../answer/answer-context.ts";
import { distinctSources } from "../../answer/coverage-hits.ts";
import { evidenceOf, scopeOf } from "../../answer/evidence.ts";
import { followUpBlock, followUps } from "../../answer/follow-ups.ts";
import { bestSentences, link } from "../../answer/quoting.ts";
import { inPeriod } from "../../question-dates.ts";

/** Recaps and episodes listed: by a short answer, and by deep research. */
const LISTED = { short: 10, deep: 20 };

export const publishedIntent: AnswerIntent = {
  name: "published",
  takes: (context) =>
    Boolean(scopeOf(context).period || context.query.latest) &&
    !context.query.topic.terms.length &&
    !context.query.companies.length,
  answer(context) {
    const { index, deep, about } = context;
    const { period } = scopeOf(context);
    const published = index.passages
      .filter(
        (p) => p.kind !== "company" && (!period || inPeriod(p.date, period)) && (p.kind === "episode" || !p.section),
      )
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
    const items = distinctSources(
      published.map((passage) => ({ passage, score: 0, terms: [], coverage: 1, sourceCoverage: 1 })),
      deep ? LISTED.deep : LISTED.short,
    );
    if (!items.length) return undefined;
    const { tags } = evidenceOf(context);
    const lines = period
      ? [
          `## Published ${period.label}`,
          "",
          `What the hub published ${period.label} (${period.from} to ${period.to}), newest first:`,
          "",
        ]
      : ["## The latest from the hub", "", "The newest recaps and episodes, newest first:", ""];
    lines.push(...items.map((h) => `- ${link(h.passage)} (${h.passage.date}): ${bestSentences(h.passage, [], 1)}`));
    lines.push(
      ...followUpBlock(
        followUps(
          [],
          [],
          tags.length
            ? tags
            : items
                .filter((h) => h.passage.kind === "recap")
                .flatMap((h) => h.passage.keywords.split(",").map((t) => t.trim()))
                .filter(Boolean),
        ),
      ),
    );
    return { markdown: lines.join("\n").trim(), about };
  },
};
