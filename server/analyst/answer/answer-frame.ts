// What a topic's answer and a research report share: the heading and what it must say first (the
// period read, the places and words the hub lacks), how each point is quoted, and the sources and
// follow-ups that close it.
import { profileUrl } from "../company-links.ts";
import type { Passage } from "../hub-corpus.ts";
import { sourceOf, type Hit, type HubIndex } from "../hub-index.ts";
import type { AnalystReply, AnswerContext } from "./answer-context.ts";
import { distinctSources } from "./coverage-hits.ts";
import { evidenceOf, scopeOf } from "./evidence.ts";
import { followUpBlock, followUps } from "./follow-ups.ts";
import { namesAnyOf } from "./players.ts";
import { bestSentences, figureWanted, link, quote, topicOf } from "./quoting.ts";
import { QUOTAS } from "../tuning.ts";

/** The heading, and what the reader must know before the answer. */
export function openingLines(context: AnswerContext): string[] {
  const { question, query } = context;
  const { period } = scopeOf(context);
  const { placesUnnamed, unknown, episodeHits } = evidenceOf(context);
  const lines: string[] = [`## ${topicOf(question)}`, ""];
  if (period) lines.push(`From the recaps and episodes dated ${period.label} (${period.from} to ${period.to}).`, "");
  // A place no covering source names narrows nothing: said, and the rest answered ("tequila in Chicago").
  if (placesUnnamed.length)
    lines.push(
      `The hub has no ${placesUnnamed.map((place) => `${place}-specific`).join(" or ")} coverage of this; on the rest of the question it says:`,
      "",
    );
  // Said plainly when part of the question is something the hub never mentions, so the rest is not taken for it.
  if (unknown.length)
    lines.push(
      `Nothing in the hub mentions ${unknown.map((w) => `“${w}”`).join(" or ")}; this is what it has on the rest of the question.`,
      "",
    );
  if (query.podcast && !episodeHits.length) lines.push("No episode covers this yet; the recaps do.", "");
  return lines;
}

/** The recaps whose conclusions an answer leads with: a short answer's first two, a report's first three. */
const CONCLUDING = { short: 2, deep: 3 };

// Each recap's passages in their order, by its source, read once per index: an answer looks up a
// few recaps among tens of thousands of passages.
const RECAPS = new WeakMap<HubIndex, Map<string, Passage[]>>();
function recapPassagesOf(index: HubIndex, source: string): Passage[] {
  let bySource = RECAPS.get(index);
  if (!bySource) {
    bySource = new Map();
    for (const p of index.passages)
      if (p.kind === "recap") {
        const key = sourceOf(p);
        const list = bySource.get(key);
        if (list) list.push(p);
        else bySource.set(key, [p]);
      }
    RECAPS.set(index, bySource);
  }
  return bySource.get(source) ?? [];
}

/** A sentence an answer concludes with, and the passage it cites. */
export interface Conclusion {
  passage: Passage;
  text: string;
}

/**
 * What the covering recaps conclude, cited: the answer before the evidence. Each recap's one-line
 * summary (its standfirst, which says what the whole recap found), and of the recap that covers the
 * question best, its closing section on the question too (as the evidence would quote it, so the evidence need not): a recap ends on its outlook or
 * its advice ("Watch next quarter", "Bottom line"). None for a question on the podcast, whose
 * episodes lead, or when no recap covers the question.
 */
export function conclusions(context: AnswerContext): Conclusion[] {
  if (context.query.podcast) return [];
  const { index } = context;
  const { recapHits, terms, relevant } = evidenceOf(context);
  // Only a recap that covers the question concludes on it, not one a thin report reads as related.
  const covering = new Set(relevant.map((h) => sourceOf(h.passage)));
  // Beside a company the question names, a recap concludes on the question only if it names the company.
  const named = context.turn.companies;
  const onNamed = (h: Hit) => !named.length || namesAnyOf(index, h.passage, named);
  const sources = [
    ...new Set(
      recapHits
        .filter(onNamed)
        .map((h) => sourceOf(h.passage))
        .filter((source) => covering.has(source)),
    ),
  ].slice(0, context.deep ? CONCLUDING.deep : CONCLUDING.short);
  return sources.flatMap((source, i) => {
    const passages = recapPassagesOf(index, source);
    const summary = passages.find((p) => p.id.endsWith(":summary"));
    const closing = i === 0 ? passages.at(-1) : undefined;
    return [
      ...(summary ? [{ passage: summary, text: summary.text }] : []),
      ...(closing && closing !== summary && closing.section
        ? [{ passage: closing, text: bestSentences(closing, terms, 3, figureWanted(context.query.topic.searched)) }]
        : []),
    ];
  });
}

/** Whether a hit is quoted in the conclusions already. */
export const concludedIn = (concluded: Conclusion[]) => (h: Hit) => concluded.some((c) => c.passage === h.passage);

/** The conclusions as the answer's first line ("**In short:** …"), or nothing. */
export function conclusionLines(concluded: Conclusion[]): string[] {
  return concluded.length
    ? [`**In short:** ${concluded.map(({ passage, text }) => `${text} (${link(passage)})`).join(" ")}`, ""]
    : [];
}

/** A point quoted from a hit: its sentences that carry the most of the question, with the kind of figure it wants. */
export function pointOf(context: AnswerContext): (hit: Hit) => string {
  const { terms } = evidenceOf(context);
  const wants = figureWanted(context.query.topic.searched);
  return (hit) => quote(hit.passage, bestSentences(hit.passage, terms, QUOTAS.sentencesPerPoint, wants), terms);
}

/** The sources, each by its own address, and the questions to ask next; the reply with what it was about. */
export function closedReply(context: AnswerContext, lines: string[]): AnalystReply {
  const { index, turn, deep, about, query } = context;
  const named = turn.companies;
  const { recapHits, episodeHits, companyHits, inCoverage, tags } = evidenceOf(context);
  const sources = distinctSources([...recapHits, ...episodeHits, ...companyHits], 12).map(
    // A source is listed by its own address: a recap's, not one of its sections'.
    (h) => ({ ...h.passage, section: undefined, anchor: undefined }) as Passage,
  );
  for (const c of [...named, ...inCoverage])
    if (!sources.some((p) => p.url === profileUrl(c))) sources.push(index.passagesOf(c.id)[0]!);
  lines.push(
    deep ? "### Sources" : "**Sources**",
    "",
    ...sources.filter(Boolean).map((p) => `- ${link(p)}${p.date ? ` (${p.date})` : ""}`),
  );
  lines.push(...followUpBlock(followUps(named, turn.intents, tags)));
  // A topic's answer passes its topic on, so "any podcast on that?" searches it again.
  const topical = {
    ...about,
    ...(query.topic.terms.length && !named.length ? { topic: turn.topic.slice(-500) } : {}),
  };
  return { markdown: lines.join("\n").trim(), about: topical };
}
