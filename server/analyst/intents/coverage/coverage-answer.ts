// "What has the hub said about Sazerac this year?" (issue 26): a question about
// the hub's own coverage of one company is answered from the coverage index the
// profiles show (server/search/company-coverage.server.ts), not from a text
// search, so it lists every recap and podcast moment that names the company by
// name, other name or brand, newest first, each linked to its place.
import type { Company } from "../../../content/companies.server.ts";
import type { CompanyCoverage, CoverageMoment, CoverageRecap } from "#common/search/company-coverage.ts";
import { clock } from "#common/podcast/clock.ts";
import { companyLink } from "../../company-links.ts";
import { inPeriod, type Period } from "../../question-dates.ts";

/** Items of each kind an answer lists; the profile and search pages list the rest. */
export const COVERAGE_ANSWER_ITEMS = 6;

// Words that ask what the hub (its recaps, podcast, "you") has said about something, not for a fact.
const ASKS_COVERAGE = new RegExp(
  [
    String.raw`\bwhat (?:has|have|did|does) (?:the )?(?:hub|proofline|you|eddy|recaps?|podcasts?|site|newsletter)\b[^?]*\b(?:say|said|saying|written|write|wrote|covered|cover|reported|report|mentioned|mention)\b`,
    String.raw`\b(?:coverage|mentions?) (?:of|on|about)\b`,
    String.raw`\b(?:has|have|did) (?:the )?(?:hub|proofline|you|recaps?|podcasts?)\b[^?]*\b(?:cover(?:ed)?|mention(?:ed)?|write about|written about|talk(?:ed)? about)\b`,
    String.raw`\bwhere (?:has|have|did) (?:the )?(?:hub|proofline|you|recaps?|podcasts?)\b[^?]*\b(?:cover(?:ed)?|mention(?:ed)?|discuss(?:ed)?|talk(?:ed)? about)\b`,
    String.raw`\b(?:recaps?|episodes?|articles?|stories) (?:about|on|mentioning|that mention|naming)\b`,
  ].join("|"),
  "i",
);

/** Whether a question asks what the hub has said about its subject. */
export const asksCoverage = (question: string): boolean => ASKS_COVERAGE.test(question);

const plain = (text: string) => text.replace(/\s+/g, " ").trim();
const recapLine = (r: CoverageRecap) => `- ${r.date}: “${plain(r.snippet.text)}” ([${r.headline}](${r.url}))`;
const momentLine = (m: CoverageMoment) =>
  `- ${m.date}: “${plain(m.snippet.text)}” ([${m.title}${m.seconds === null ? "" : ` at ${clock(m.seconds)}`}](${m.url}))`;
const count = (n: number, one: string, many: string, atLeast: boolean) =>
  `${atLeast ? "at least " : ""}${n} ${n === 1 ? one : many}`;

/** The answer to a coverage question about `company`, from its coverage (read with room to spare), within `period` when the question names one. */
export function coverageAnswer(company: Company, coverage: CompanyCoverage, period?: Period): string {
  const within = <T extends { date: string }>(items: T[]) =>
    period ? items.filter((i) => inPeriod(i.date, period)) : items;
  const recaps = within(coverage.recaps);
  const moments = within(coverage.moments);
  const episodes = new Set(moments.map((m) => m.episode_id)).size;
  // Without a period the totals are the index's; within one, what was read (all of it, unless there was more).
  const more = period !== undefined && coverage.next_cursor !== null;
  const recapTotal = period ? recaps.length : coverage.totals.recaps;
  const episodeTotal = period ? episodes : coverage.totals.episodes;
  const when = period ? ` ${period.label}` : "";
  const search = `[search the hub](/search?q=${encodeURIComponent(company.name)})`;
  if (recapTotal === 0 && episodeTotal === 0)
    return [
      `The hub has not covered ${company.name}${when} yet: no recap or episode names it${period ? " in that period" : ""}.`,
      "",
      `Its facts are on ${companyLink(company)}'s profile; you can also ${search}.`,
    ].join("\n");
  return [
    `## What the hub has said about ${company.name}${when}`,
    "",
    `${company.name} (or one of its names or brands) is named in ${count(recapTotal, "recap", "recaps", more)} and ${count(episodeTotal, "podcast episode", "podcast episodes", more)}${when}. The newest:`,
    ...(recaps.length ? ["", "**Recaps**", "", ...recaps.slice(0, COVERAGE_ANSWER_ITEMS).map(recapLine)] : []),
    ...(moments.length
      ? ["", "**Podcast moments**", "", ...moments.slice(0, COVERAGE_ANSWER_ITEMS).map(momentLine)]
      : []),
    "",
    `Every mention is listed on ${companyLink(company)}'s profile, under “Coverage on the hub”; you can also ${search}.`,
  ].join("\n");
}
