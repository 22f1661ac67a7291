// How an answer quotes the hub: the sentences of a passage that carry a question, each cited to the
// part that says it (a transcript's moment, a profile's section), and the links to its sources.
import type { Company } from "../../content/companies.server.ts";
import { COMPANIES } from "../../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { companyLink } from "../company-links.ts";
import { momentOf, partsSaying, passageAddress, SENTENCE_END, type Passage } from "../hub-corpus.ts";
import { termsOf, type HubIndex } from "../hub-index.ts";
import { US_STATES } from "../us-states.ts";

export const link = (p: Passage) => `[${p.section ? `${p.source}: ${p.section}` : p.source}](${passageAddress(p)})`;

/** The question's terms, each with its weight (1 unless given). */
export type Asked = string[] | ReadonlyMap<string, number>;

/**
 * `text`, quoted from `passage`, with its citation of the part that says it: a transcript's moment
 * (where the words of `asked` are said, when given; else where the quote begins), or each run of a
 * profile's sentences cited to its part ("Heineken USA: Strategy"); else the passage.
 */
export function cited(passage: Passage, text: string, asked?: Asked): string {
  const said = momentOf(passage, text, asked && weighing(asked));
  if (said) return `${text} (${link({ ...passage, section: said.section, url: said.url })})`;
  const runs = partsSaying(passage, text);
  if (runs) return runs.map((run) => `${run.text} (${link({ ...passage, section: run.part })})`).join(" ");
  return `${text} (${link(passage)})`;
}

/** A bullet quoting `text` from `passage`, cited to the parts that say it (see `cited`). */
export const quote = (passage: Passage, text: string, asked?: Asked) => `- ${cited(passage, text, asked)}`;

/** A bullet of what a company's profile says, cited to its parts; to the profile itself for words of no one part. */
export function profileBullet(index: HubIndex, company: Company, text: string): string {
  const profile = index.passagesOf(company.id)[0];
  return profile ? quote(profile, text) : `- ${text} (${companyLink(company)})`;
}

// A sentence's terms never change, and an answer reads every sentence of each passage it quotes:
// each is read once (the cache is emptied when it grows past any real corpus's sentences).
const SENTENCE_TERMS = new Map<string, Set<string>>();
function sentenceTerms(sentence: string): Set<string> {
  let words = SENTENCE_TERMS.get(sentence);
  if (!words) {
    if (SENTENCE_TERMS.size > 100_000) SENTENCE_TERMS.clear();
    SENTENCE_TERMS.set(sentence, (words = termsOf(sentence)));
  }
  return words;
}

const weightsOf = (terms: Asked): ReadonlyMap<string, number> =>
  Array.isArray(terms) ? new Map(terms.map((t) => [t, 1])) : terms;

/** How much of the question some words carry: the weights of its terms they hold. */
export function weighing(terms: Asked): (text: string) => number {
  const weights = weightsOf(terms);
  return (text) => {
    const words = sentenceTerms(text);
    let weight = 0;
    for (const [t, w] of weights) if (words.has(t)) weight += w;
    return weight;
  };
}

/**
 * The sentences of a passage that carry the most of the question's terms. `terms` may weigh its
 * words: the words that measure a topic ("share", "sell") or carry it from the turn before count
 * for less, to choose between sentences on it. A sentence with the kind of figure the question
 * wants (`wants`: an amount, a year, a place) counts one term more.
 */
export function bestSentences(passage: Passage, terms: Asked, count: number, wants?: RegExp): string {
  const weights = weightsOf(terms);
  const sentences = passage.text
    .split(SENTENCE_END)
    .map((s) => s.trim())
    // The demo's disclaimers ("a sample episode made for the Proofline demo") say nothing about the topic.
    .filter((s) => s.length > 25 && !/^sample\b|\bsample (?:episode|content)\b/i.test(s));
  if (!sentences.length) return passage.text;
  const scored = sentences.map((s, i) => {
    const words = sentenceTerms(s);
    let score = wants?.test(s) ? 1 : 0;
    for (const [t, w] of weights) if (words.has(t)) score += w;
    return { s, i, score };
  });
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .sort((a, b) => a.i - b.i);
  return chosen.map((c) => c.s).join(" ");
}

// A place, as a sentence names it: a state, or a city where one of the companies is based ("Louisville").
const PLACE_NAMES = new RegExp(
  `\\b(?:${[...US_STATES.map(([name]) => name), ...COMPANIES.map((c) => c.location.split(",")[0]!.trim())]
    .map((name) => name.replace(/[.,]/g, "\\$&"))
    .join("|")})\\b`,
);

export const MONEY = /[$€£]\s?\d/;

/**
 * The kind of figure a question asks for, as a sentence that answers it writes it: "how much did
 * they pay", "the price tag" want an amount of money; "when", "what year", "how long" a year; "who
 * runs it" a person with their post; "how many" a number; "where" a place.
 */
export function figureWanted(question: string): RegExp | undefined {
  const q = fold(question);
  if (
    /\bhow much\b|\bprice tag\b|\b(?:run|set) (?:them|him|her|us|you|it)(?: back)?\b|\b(?:cost|costs|paid|pay|spend|spent|invest(?:ed|ing|ment)?|valuation|worth)\b/.test(
      q,
    )
  )
    return MONEY;
  if (/\bwhen\b|\bwhat year\b|\bhow long\b|\bsince when\b/.test(q)) return /\b(?:1[89]|20)\d\d\b/;
  // "Who runs it?", "the guy behind that company", "their CEO": a person, named with their post.
  if (
    /\bwho (?:runs|leads|heads|is in charge|manages|founded|started)\b|\b(?:ceo|chief executive|president|chairman|founder|boss|guy|woman|man|person|people) (?:behind|at|of|running|who)\b|\b(?:their|its|the) (?:ceo|boss|chief executive|president|chairman|founder)\b/.test(
      q,
    )
  )
    return /\b(?:CEO|[Cc]hief [Ee]xecutive|[Pp]resident|[Cc]hair(?:man|woman)?|[Ff]ounder|founded by|led (?:from \w+ )?by|run by|headed by)\b/;
  if (/\bhow many\b/.test(q)) return /\d/;
  if (/\bwhere\b|\b(?:which|what) (?:town|city|state|plant|site|facility)\b/.test(q)) return PLACE_NAMES;
  return undefined;
}

export function topicOf(question: string): string {
  const q = question.trim().replace(/[?.!]+$/, "");
  return q.length > 80 ? `${q.slice(0, 77)}…` : q;
}
