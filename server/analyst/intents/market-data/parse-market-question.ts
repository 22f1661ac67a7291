import { termsOf } from "../../hub-index.ts";
import { FAMILIES } from "../../../market/families.ts";
import type { MarketQuery, Subject } from "./market-query.ts";
import { correctSpelling } from "../../company-names.ts";
import {
  countOf,
  FAMILY_VOCABULARY,
  familiesIn,
  findWords,
  hasWord,
  MARKET_WORDS,
  monthOf,
  phraseText,
  WORD_LISTS,
  type Found,
} from "./market-words.ts";

/** A turn as this intent reads it: the question and what the rest of the analyst knows of it. */
export interface MarketQuestion {
  /** The question, misspellings put right. */
  text: string;
  /** Whether the turn names a company or a brand, or carries one from the turn before: the figures have none. */
  namesCompany: boolean;
  /** The question's topic terms as the hub's index reads them (stemmed, each with its synonyms). */
  topics: string[][];
  /** The last turn's query, when it was about the figures. */
  previous?: MarketQuery;
  /** Whether the hub's text uses a word: a word it knows is not put right towards a family's ("liquors"). */
  knows?: (word: string) => boolean;
  now: Date;
}

// Every word this intent has a meaning for, as the hub's index stems it: a topic term of the
// question outside these (and outside the families' words) is something the figures do not hold.
const KNOWN_TERMS = new Set(
  [
    ...WORD_LISTS.flatMap((list) => MARKET_WORDS.lists[list].words),
    ...Object.keys(MARKET_WORDS.months.names),
    ...FAMILIES.flatMap((f) => [f.slug, f.label, ...f.words, ...f.members]),
  ].flatMap((phrase) => [...termsOf(phrase), ...termsOf(`${phrase}s`)]),
);

// The single words of the lists, which are never put right towards a family's word.
const KNOWN_WORDS = new Set(
  WORD_LISTS.flatMap((list) => MARKET_WORDS.lists[list].words).flatMap((p) => phraseText(p).trim().split(" ")),
);

const YEAR = /(?<![\d$.,])(?:19|20)\d\d(?![\d%])/g;
const NUMBER = /^\d{1,2}$/;

/** The reader's words for the topic terms outside the figures, as written in the question. */
function otherWordsIn(text: string, topics: string[][]): string[] {
  const other = topics.filter((group) => !group.some((t) => KNOWN_TERMS.has(t) || /^\d+$/.test(t)));
  if (!other.length) return [];
  const words = phraseText(text).trim().split(" ");
  return [
    ...new Set(other.map((group) => words.find((w) => [...termsOf(w)].some((t) => group.includes(t))) ?? group[0]!)),
  ];
}

/** The number of a ranking ("top 3", "the five biggest"), next to a ranking word. */
function countIn(text: string, ranks: Found[]): number | undefined {
  const words = text.trim().split(" ");
  const starts: number[] = [];
  for (let i = 0, at = 1; i < words.length; at += words[i]!.length + 1, i++) starts.push(at);
  for (const rank of ranks) {
    const first = starts.indexOf(rank.at + 1);
    const last = first + phraseText(rank.phrase).trim().split(" ").length - 1;
    for (const i of [last + 1, first - 1, last + 2]) {
      const w = words[i];
      if (!w) continue;
      const n = NUMBER.test(w) ? Number(w) : countOf(w);
      if (n && n >= 1 && n <= 20) return n;
    }
  }
  return undefined;
}

/**
 * A ranking word just before a single family ("the #1 vodka", "top tequilas", "best-selling
 * bourbon") asks for the brands inside it, which the figures do not have.
 */
function ranksInside(text: string, ranks: Found[], subjects: Array<{ at: number }>): boolean {
  return ranks.some((r) =>
    subjects.some((s) => {
      const end = r.at + phraseText(r.phrase).length - 1;
      if (end > s.at) return false;
      const between = text.slice(end, s.at).trim().split(" ").filter(Boolean);
      return between.length <= 2 && between.every((w) => w === "the" || NUMBER.test(w) || countOf(w) !== undefined);
    }),
  );
}

/**
 * A question read as a query on the market figures, or undefined when it is not one: it names no
 * family and no word of the figures, or a company or brand (the figures have none), or asks for the
 * brands inside a family. A question that only names a family is read with `asks: "family"`.
 */
export function parseMarketQuestion(question: MarketQuestion): MarketQuery | undefined {
  if (question.namesCompany) return undefined;
  // A family's word misspelt ("liqeurs", "whiksey's") is put right, as the hub puts its own words right.
  const knows = question.knows ?? (() => false);
  const text = phraseText(correctSpelling(question.text, FAMILY_VOCABULARY, (w) => KNOWN_WORDS.has(w) || knows(w)));
  const named = familiesIn(text);
  const subjects: Subject[] = named.map(({ slug, member }) => ({ slug, ...(member ? { member } : {}) }));
  const has = (list: (typeof WORD_LISTS)[number]) => hasWord(text, list);
  const ranks = findWords(text, "rank");
  const otherWords = otherWordsIn(question.text, question.topics);

  const years = [...text.matchAll(YEAR)].map((m) => ({ year: Number(m[0]), at: m.index }));
  // A month next to its year ("december 2019", "dec of 2019", "2019 december").
  const words = text.trim().split(" ");
  const month =
    years.length === 1
      ? words
          .map((w, i) => ({ m: monthOf(w), i }))
          .find(
            ({ m, i }) =>
              m !== undefined &&
              [words[i + 1], words[i + 1] === "of" ? words[i + 2] : undefined, words[i - 1]].includes(
                String(years[0]!.year),
              ),
          )?.m
      : undefined;
  const since = findWords(text, "since");
  // "Over the last 5 years", "the past three years": a span ending with the latest full year.
  const lastYears = findWords(text, "recent-years")
    .map((r) => {
      const after = text.slice(r.at + phraseText(r.phrase).length).split(" ");
      const n = NUMBER.test(after[0] ?? "") ? Number(after[0]) : countOf(after[0] ?? "");
      return n && n >= 2 && /^years?$/.test(after[1] ?? "") ? n : undefined;
    })
    .find((n) => n !== undefined);
  const thisYear = has("this-year");
  const lastYear = !thisYear && has("last-year");
  const period: Pick<MarketQuery, "year" | "from" | "yearSaid" | "month" | "lastYears"> =
    years.length >= 2
      ? { from: Math.min(...years.map((y) => y.year)), year: Math.max(...years.map((y) => y.year)) }
      : years.length === 1 && since.some((s) => s.at + phraseText(s.phrase).length === years[0]!.at)
        ? { from: years[0]!.year }
        : years.length === 1
          ? { year: years[0]!.year, ...(month ? { month } : {}) }
          : thisYear
            ? { year: question.now.getFullYear(), yearSaid: "this year" }
            : lastYears
              ? { lastYears }
              : lastYear
                ? { year: question.now.getFullYear() - 1, yearSaid: "last year" }
                : {};
  const liters = has("liters");
  const dollars = has("dollars");
  const measure = liters && !dollars ? "liters" : "dollars";
  const growth = has("growth");
  const size = has("size");
  const share = has("share");
  const categories = has("categories");
  const amount = has("amount");
  const monthly = has("monthly");
  const counties = has("counties");
  const count = ranks.length ? countIn(text, ranks) : undefined;

  // A turn that leans on the last one's figures ("and rum?", "what about 2017?", "by volume?")
  // keeps that question, with what this turn names changed.
  const previous = question.previous;
  const opens = findWords(text, "follow-up").some((f) => f.at === 0);
  const short = text.trim().split(" ").length <= 3;
  // What a follow-up may change of the last question: anything beyond a family asks for figures.
  const namesFigures =
    has("place") ||
    years.length > 0 ||
    lastYears !== undefined ||
    thisYear ||
    lastYear ||
    liters ||
    dollars ||
    share ||
    monthly ||
    counties;
  if (previous && (opens || short) && (namesFigures || subjects.length > 0) && !otherWords.length) {
    // "And rum?" after a comparison adds rum to it; after anything else it asks the same of rum.
    const adds = previous.kind === "compare" && opens && subjects.length === 1;
    const carriedSubjects = adds
      ? [
          ...previous.subjects.filter((s) => s.slug !== subjects[0]!.slug || s.member !== subjects[0]!.member),
          ...subjects,
        ]
      : subjects.length
        ? subjects
        : previous.subjects;
    const kind: MarketQuery["kind"] = share
      ? "share"
      : ranks.length && !subjects.length
        ? "rank"
        : carriedSubjects.length >= 2 && (adds || subjects.length >= 2 || previous.kind === "compare")
          ? "compare"
          : (previous.kind === "compare" || previous.kind === "overview") && carriedSubjects.length
            ? "trend"
            : previous.kind;
    const periodCarried = years.length || thisYear || lastYear || lastYears ? period : previous;
    return {
      ...previous,
      subjects: carriedSubjects,
      kind,
      measure: liters || dollars ? measure : previous.measure,
      year: periodCarried.year,
      yearSaid: periodCarried.yearSaid,
      month: periodCarried.month,
      from: periodCarried.from,
      lastYears: periodCarried.lastYears,
      count: count ?? previous.count,
      monthly: monthly || previous.monthly,
      counties: counties || previous.counties,
      asks: previous.asks === "data" || namesFigures ? "data" : "family",
      cue: previous.cue || namesFigures,
      otherWords: [],
      carried: true,
    };
  }

  if (!subjects.length && !categories && !has("place") && !has("figures")) return undefined;
  if (ranks.length && subjects.length === 1 && !categories && !share && ranksInside(text, ranks, named))
    return undefined;
  const kind: MarketQuery["kind"] =
    share && subjects.length
      ? "share"
      : subjects.length >= 2
        ? "compare"
        : ranks.length && (categories || !subjects.length || subjects.length === 1)
          ? "rank"
          : subjects.length === 1
            ? amount
              ? "amount"
              : "trend"
            : "overview";
  const cue =
    namesFigures ||
    has("figures") ||
    amount ||
    kind === "rank" ||
    (kind === "compare" && (growth || size || has("compare")));
  const asksFigures = cue && !otherWords.length;
  if (!asksFigures && !subjects.length) return undefined;
  return {
    subjects,
    measure,
    kind,
    basis:
      kind === "rank" ? (growth ? "growth" : "size") : growth && !size ? "growth" : size && !growth ? "size" : "both",
    reverse: has("reverse"),
    ...period,
    ...(count ? { count } : {}),
    monthly,
    counties,
    asks: asksFigures ? "data" : "family",
    cue,
    otherWords,
    carried: false,
  };
}
