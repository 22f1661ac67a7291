// "What are the shows called?", "the daily one's latest episodes": a question about the podcast with
// no topic of its own lists the episodes of the series it names (the series is a filter, not a topic),
// newest first, in the period it names. One or two episodes asked for by their date are told in
// their own words: how each opens.
import type { AnswerIntent } from "../../answer/answer-context.ts";
import { scopeOf } from "../../answer/evidence.ts";
import { bestSentences, link, quote } from "../../answer/quoting.ts";
import { sourceOf } from "../../hub-index.ts";
import { SERIES } from "../../query.ts";
import { inPeriod } from "../../question-dates.ts";

/** Episodes listed: by a short answer, and by deep research. */
const LISTED = { short: 10, deep: 20 };

export const podcastListIntent: AnswerIntent = {
  name: "podcast-list",
  takes: ({ query }) => query.podcast && !query.topic.terms.length && !query.companies.length,
  answer(context) {
    const { index, query, deep, about } = context;
    const { series } = query.filters;
    const { period } = scopeOf(context);
    const episodes = index.passages
      .filter(
        (p) =>
          p.kind === "episode" &&
          !p.section &&
          (!series.length || series.includes(p.keywords)) &&
          (!period || inPeriod(p.date, period)),
      )
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""))
      .slice(0, deep ? LISTED.deep : LISTED.short);
    if (!episodes.length) return undefined;
    return {
      markdown: [
        `## ${series.length ? series.join(" and ") : "The Spirits Signal"}: the episodes${period ? ` published ${period.label}` : ""}, newest first`,
        "",
        // Asked about the podcast as a whole, the answer names its series.
        ...(series.length
          ? []
          : [`The Spirits Signal has two series: ${SERIES.map((s) => `**${s}**`).join(" and ")}.`, ""]),
        ...episodes.map((p) => `- ${link(p)} (${p.date}, ${p.keywords}): ${bestSentences(p, [], 1)}`),
        "",
        ...(episodes.length <= 2
          ? episodes.flatMap((p) => {
              const opening = index.passages.find(
                (t) => t.kind === "episode" && t.section && sourceOf(t) === sourceOf(p),
              );
              return opening ? [`**${p.source}**`, "", quote(opening, bestSentences(opening, [], 3)), ""] : [];
            })
          : []),
        "Browse every episode on [The Spirits Signal](/podcast).",
      ].join("\n"),
      about,
    };
  },
};
