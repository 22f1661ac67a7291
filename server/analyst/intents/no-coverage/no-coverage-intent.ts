// A question nothing in the hub covers: said plainly ("No coverage yet"), with the newest source on
// the topic when only the period asked holds none, and questions the hub can answer.
import type { AnswerIntent } from "../../answer/answer-context.ts";
import { evidenceOf, scopeOf } from "../../answer/evidence.ts";
import { link, topicOf } from "../../answer/quoting.ts";
import type { Hit } from "../../hub-index.ts";

const SUGGESTIONS = [
  "What's trending in tequila in New York?",
  "Top RTD launches this quarter",
  "Premium spirits market slowdown analysis",
  "How is distributor consolidation changing route to market?",
];

export const noCoverageIntent: AnswerIntent = {
  name: "no-coverage",
  takes(context) {
    if (context.turn.companies.length) return false;
    const { recapHits, episodeHits, companyHits } = evidenceOf(context);
    return !recapHits.length && !episodeHits.length && !companyHits.length;
  },
  answer(context) {
    const { question, about } = context;
    const { period } = scopeOf(context);
    const dated = period
      ? evidenceOf(context).relevant.filter((h) => h.passage.kind !== "company" && h.passage.date)
      : [];
    const when = dated.length ? ` dated ${period!.label} (${period!.from} to ${period!.to})` : "";
    // The period holds nothing, but the topic is covered at other times: the newest of it, so the
    // reader of a hub that has not published lately (or of the demo as it ages) is not left with nothing.
    const latest = dated.reduce<Hit | undefined>(
      (best, h) => (!best || h.passage.date! > best.passage.date! ? h : best),
      undefined,
    );
    return {
      markdown: [
        `## No coverage yet`,
        ``,
        `The hub has no coverage of “${topicOf(question)}”${when} yet: nothing in the weekly recaps, the Top Players profiles or the podcast matches it.`,
        ...(latest ? [``, `The latest it has on this is dated ${latest.passage.date}: ${link(latest.passage)}.`] : []),
        ``,
        `You could ask about:`,
        ...SUGGESTIONS.map((s) => `- ${s}`),
        ``,
        `Or browse the [Weekly News Recap](/recap), the [Top Players](/explorer) and [The Spirits Signal](/podcast).`,
      ].join("\n"),
      about,
      uncovered: true,
    };
  },
};
