import type { Sales } from "../../../market/market-figures.server.ts";
import type { Family } from "../../../market/families.ts";
import { phraseText } from "./market-words.ts";
import type { MarketFigures, Months } from "./market-lookup.ts";
import type { MarketQuery, Subject } from "./market-query.ts";
import { monthName, monthsSpan } from "./market-format.ts";

// The figures a query needs, from the market figures: which year (and how many of its months),
// each subject's sales that year against the same months a year before, and their share of all
// spirits. Pure: the renderer words them.

/** A year as the answer reads it: its number and how many of its months the figures hold (12: full). */
export interface YearRead {
  year: number;
  months: number;
  /** One month of it alone (1-12), when a question asks for a month ("December 2019"). */
  only?: number;
}

/** Sales of a period, with the same months a year before (when held) and the share of all spirits. */
export interface Measured extends Sales {
  previous?: Sales;
  /** Of all spirits' dollars, 0-1. */
  share: number;
  /** Of all spirits' liters, 0-1. */
  shareLiters: number;
}

/** A subject of the question, resolved to figures. */
export interface Resolved {
  subject: Subject;
  family: Family;
  /** "Tequila", "Bourbon", "Cocktails and RTD". */
  label: string;
  months: Months;
  /** For a part of a family: the state's categories it sums ("straight bourbon whiskies"). */
  categories: string[];
  /** A part the state lists no category for ("cognac"): answered with its family's figures. */
  asFamily: boolean;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The months of every year held, oldest first. */
export function yearsHeld(figures: MarketFigures): YearRead[] {
  const counts = new Map<number, number>();
  for (const period of figures.all.keys()) {
    const year = Number(period.slice(0, 4));
    counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return [...counts].map(([year, months]) => ({ year, months })).sort((a, b) => a.year - b.year);
}

/** Months summed over several series (a part of a family that spans several of the state's categories). */
function summed(series: Months[]): Months {
  const out = new Map<string, Sales>();
  for (const months of series)
    for (const [period, s] of months) {
      const o = out.get(period) ?? { dollars: 0, liters: 0 };
      out.set(period, { dollars: o.dollars + s.dollars, liters: o.liters + s.liters });
    }
  return out;
}

/**
 * A subject's figures, or undefined when the figures hold no sales of its family. A part of a
 * family sums the state's categories inside it whose names hold each of the part's words other
 * than the family's own ("single malt" → single malt scotch).
 */
export function resolveSubject(figures: MarketFigures, subject: Subject): Resolved | undefined {
  const held = figures.families.get(subject.slug);
  if (!held) return undefined;
  const family = held.family;
  if (!subject.member)
    return { subject, family, label: family.label, months: held.months, categories: [], asFamily: false };
  const own = new Set(family.words.flatMap((w) => phraseText(w).trim().split(" ")));
  const words = phraseText(subject.member)
    .trim()
    .split(" ")
    .filter((w) => !own.has(w) && w !== "and" && w !== "&");
  const holding = (needed: string[]) =>
    [...held.categories.keys()].filter((name) => {
      const inName = phraseText(name).trim().split(" ");
      return needed.length > 0 && needed.every((w) => inName.some((n) => n.startsWith(w)));
    });
  // The words that narrow a part ("straight" bourbon) narrow it only where a category holds them all.
  const qualifiers = subject.qualifiers ?? [];
  const narrowed = qualifiers.length ? holding([...words, ...qualifiers]) : [];
  const categories = narrowed.length ? narrowed : holding(words);
  const label = capital([...(narrowed.length ? qualifiers : []), subject.member].join(" "));
  if (!categories.length) return { subject, family, label, months: held.months, categories: [], asFamily: true };
  return {
    subject,
    family,
    label,
    months: summed(categories.map((c) => held.categories.get(c)!)),
    categories,
    asFamily: false,
  };
}

/**
 * The query read again with the words of the state's category names inside the families it names:
 * a topic word the question's reading left outside the figures ("straight bourbon", "american
 * vodka") narrows the family or part to the categories that hold it, and is no longer outside.
 */
export function withCategoryWords(query: MarketQuery, figures: MarketFigures): MarketQuery {
  if (!query.otherWords.length || !query.subjects.length) return query;
  const used = new Set<string>();
  const subjects = query.subjects.map((s) => {
    const held = figures.families.get(s.slug);
    if (!held) return s;
    const names = [...held.categories.keys()].map((n) => phraseText(n).trim().split(" "));
    const qualifiers = query.otherWords.filter((w) => {
      const word = phraseText(w).trim();
      return (
        word.length >= 3 && names.some((ws) => ws.some((n) => n === word || (word.length >= 4 && n.startsWith(word))))
      );
    });
    if (!qualifiers.length) return s;
    for (const q of qualifiers) used.add(q);
    return { ...s, member: s.member ?? held.family.label.toLowerCase(), qualifiers };
  });
  if (!used.size) return query;
  const otherWords = query.otherWords.filter((w) => !used.has(w));
  return { ...query, subjects, otherWords, asks: query.cue && !otherWords.length ? "data" : query.asks };
}

/** The sum of months `first`..`last` of `year`; undefined when any of them is missing from all spirits. */
function sumOf(series: Months, all: Months, year: number, first: number, last: number): Sales | undefined {
  let dollars = 0;
  let liters = 0;
  for (let m = first; m <= last; m++) {
    const period = `${year}-${String(m).padStart(2, "0")}`;
    if (!all.has(period)) return undefined;
    const s = series.get(period);
    dollars += s?.dollars ?? 0;
    liters += s?.liters ?? 0;
  }
  return { dollars, liters };
}

/** A series' sales in a year read (its months held), against the same months a year before. */
export function measured(series: Months, figures: MarketFigures, at: YearRead): Measured {
  const first = at.only ?? 1;
  const now = sumOf(series, figures.all, at.year, first, at.months) ?? { dollars: 0, liters: 0 };
  const total = sumOf(figures.all, figures.all, at.year, first, at.months) ?? { dollars: 0, liters: 0 };
  const previous = sumOf(series, figures.all, at.year - 1, first, at.months);
  return {
    ...now,
    ...(previous && (previous.dollars > 0 || previous.liters > 0) ? { previous } : {}),
    share: total.dollars ? now.dollars / total.dollars : 0,
    shareLiters: total.liters ? now.liters / total.liters : 0,
  };
}

export interface PeriodRead {
  at: YearRead;
  /** What the answer must say first when the year asked is not held, or only in part. */
  note?: string;
  /** The year a span starts at, when asked and held. */
  from?: YearRead;
}

/** "2019", "January to October 2020" for a year held in part, "December 2019" for a month. */
export const yearLabel = (at: YearRead) =>
  at.only
    ? monthName(`${at.year}-${String(at.only).padStart(2, "0")}`)
    : at.months === 12
      ? String(at.year)
      : monthsSpan(at.year, at.months);

/** What the figures hold, in words: "2015 to 2020 (2020 through October)". */
export function heldSpan(figures: MarketFigures): string {
  const years = yearsHeld(figures);
  const first = years[0]!;
  const last = years.at(-1)!;
  const partial =
    last.months < 12 ? ` (${last.year} through ${monthsSpan(last.year, last.months).split(" ").at(-2)})` : "";
  return `${first.year === last.year ? first.year : `${first.year} to ${last.year}`}${partial}`;
}

/**
 * The year a query is answered for: the one asked when the figures hold it (in part: its months so
 * far), else the latest full year, said so first.
 */
export function periodOf(query: MarketQuery, figures: MarketFigures): PeriodRead {
  const years = yearsHeld(figures);
  const latest = years.find((y) => y.year === figures.latestFull) ?? years.at(-1)!;
  const year = query.year === undefined ? undefined : years.find((y) => y.year === query.year);
  // A month asked for is read alone, when the figures hold it.
  const asked =
    year && query.month
      ? query.month <= year.months
        ? { ...year, months: query.month, only: query.month }
        : undefined
      : year;
  // "The last 5 years" ends with the latest full year, and begins no earlier than the figures.
  const start =
    query.from ?? (query.lastYears ? Math.max(years[0]!.year, latest.year - query.lastYears + 1) : undefined);
  const fromHeld = start === undefined ? undefined : years.find((y) => y.year === start);
  const from = fromHeld ? { year: fromHeld.year, months: 12 } : undefined;
  if (query.year !== undefined && !asked) {
    const said = query.month
      ? monthName(`${query.year}-${String(query.month).padStart(2, "0")}`)
      : query.yearSaid
        ? `${query.yearSaid} (${query.year})`
        : String(query.year);
    return {
      at: latest,
      note: `The figures have nothing for ${said}: they hold ${heldSpan(figures)}. Here is ${latest.year}, the latest full year.`,
      ...(from ? { from } : {}),
    };
  }
  const missingFrom =
    query.from !== undefined && !fromHeld
      ? `The figures begin in ${years[0]!.year}, not ${query.from}: they hold ${heldSpan(figures)}.`
      : undefined;
  return {
    at: asked ?? latest,
    ...(missingFrom ? { note: missingFrom } : {}),
    ...(from ? { from } : missingFrom ? { from: { year: years[0]!.year, months: 12 } } : {}),
  };
}

/** The latest year held, when it is not the year answered for and is held in part: "so far in 2020". */
export function yearToDate(figures: MarketFigures, answered: YearRead): YearRead | undefined {
  const last = yearsHeld(figures).at(-1)!;
  return last.year > answered.year && last.months < 12 ? last : undefined;
}
