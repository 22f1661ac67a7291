// Companies compared: the figures from the company data (with the verdict, when the question asks
// which has more of a measure), then what the hub's recaps say of them. Deep research on companies
// compared is a report instead (intents/report), with their numbers in it.
import { fold } from "#common/content/fold.ts";
import type { AnswerIntent } from "../../answer/answer-context.ts";
import { evidenceOf } from "../../answer/evidence.ts";
import { followUpBlock, followUps } from "../../answer/follow-ups.ts";
import { bestSentences, quote } from "../../answer/quoting.ts";
import { companyDataAnswer } from "../company-data-answer.ts";

export const compareIntent: AnswerIntent = {
  name: "compare",
  takes: ({ turn, deep }) => Boolean(turn.read) && !deep,
  answer(context) {
    const { turn, about } = context;
    const { companies: named, intents, read } = turn;
    const { recapHits, terms, tags } = evidenceOf(context);
    const names = named.map((c) => fold(c.name.split(" ")[0]!));
    const coverage = recapHits
      .filter((h) => names.some((n) => fold(`${h.passage.section ?? ""} ${h.passage.text}`).includes(n)))
      .slice(0, 2);
    const lines = [companyDataAnswer(turn.text, read!)];
    if (coverage.length)
      lines.push(
        "",
        "**What the hub says**",
        "",
        ...coverage.map((h) => quote(h.passage, bestSentences(h.passage, terms, 2), terms)),
      );
    lines.push(...followUpBlock(followUps(named, intents, tags)));
    return { markdown: lines.join("\n").trim(), about };
  },
};
