// Deep research: a sectioned report on what the hub says of a topic or of companies: a summary from
// the best source, what the recaps say, the companies involved placed with their figures, and the
// podcast's coverage.
import { companyLink } from "../../company-links.ts";
import { comparisonLead, comparisonTable } from "../../answer/company-lines.ts";
import { sizeFigure } from "../../company-facts.ts";
import type { Company } from "../../../content/companies.server.ts";
import type { AnswerIntent } from "../../answer/answer-context.ts";
import {
  closedReply,
  concludedIn,
  conclusionLines,
  conclusions,
  openingLines,
  pointOf,
} from "../../answer/answer-frame.ts";
import { companyOf, evidenceOf } from "../../answer/evidence.ts";
import { bestSentences, cited } from "../../answer/quoting.ts";
import type { HubIndex } from "../../hub-index.ts";

/**
 * A company's line in a report: its size figure and market position (where it stands, which is what
 * a report placing the players needs: "a 16.9% share"), then what its profile says on the question.
 */
function reportLine(index: HubIndex, c: Company, terms: string[]): string {
  const standing = c.profile?.marketPosition ?? "";
  const profile = index.passagesOf(c.id)[0];
  const said = profile ? bestSentences(profile, terms, 2) : "";
  const size = sizeFigure(c).replace(/^\w/, (l) => l.toUpperCase());
  return `- ${companyLink(c)} (${c.location}): ${size}. ${standing}${said && !standing.includes(said) ? ` ${said}` : ""}`;
}

export const reportIntent: AnswerIntent = {
  name: "report",
  takes: ({ deep }) => deep,
  answer(context) {
    const { index, turn } = context;
    const named = turn.companies;
    const { recapHits, episodeHits, companyHits, inCoverage, terms } = evidenceOf(context);
    const point = pointOf(context);
    const lines = openingLines(context);
    // The summary leads with what the covering recaps conclude, then the best of the best source.
    const concluded = conclusions(context);
    const lead = recapHits.find((h) => !concludedIn(concluded)(h)) ?? episodeHits[0] ?? companyHits[0];
    lines.push(
      "### Summary",
      "",
      ...conclusionLines(concluded),
      lead
        ? cited(lead.passage, bestSentences(lead.passage, terms, 2), terms)
        : `The hub's coverage of ${named.map((c) => c.name).join(" and ")} is below.`,
      "",
    );
    const further = recapHits.filter((h) => h !== lead && !concludedIn(concluded)(h));
    lines.push(
      "### What the recaps say",
      "",
      ...(further.length
        ? further.map(point)
        : recapHits.length
          ? recapHits.map(point)
          : ["- No recap covers this directly yet."]),
      "",
    );
    lines.push("### Companies involved", "");
    if (named.length >= 2) lines.push(comparisonLead(named), "", comparisonTable(named), "");
    // A company the question names is placed by its market position; one the search found, by what
    // its profile says on the question, figures and all.
    lines.push(
      ...named.map(
        (c) => `- ${companyLink(c)} (${c.location}): ${c.profile?.marketPosition ?? c.keyBrands.join(", ")}`,
      ),
      ...inCoverage.map((c) => reportLine(index, c, terms)),
      ...companyHits.map((h) => {
        const c = companyOf(h);
        return `- ${companyLink(c)} (${c.location}): ${bestSentences(h.passage, terms, 3)}`;
      }),
      ...(named.length || inCoverage.length || companyHits.length
        ? []
        : ["- No Top Players company is named in the coverage."]),
      "",
    );
    lines.push(
      "### Podcast coverage",
      "",
      ...(episodeHits.length ? episodeHits.map(point) : ["- No episode covers this yet."]),
      "",
    );
    return closedReply(context, lines);
  },
};
