// "This week", "last month", "this quarter": a question about a period is
// answered from the recaps and episodes dated in it, by the calendar of `now`.
import {
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  format,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subMonths,
  subQuarters,
  subWeeks,
  subYears,
} from "date-fns";

export interface Period {
  label: string;
  /** Inclusive ISO dates (yyyy-MM-dd). */
  from: string;
  to: string;
  /** The words of the question that name it ("last month", "November 16"), which name no topic. */
  said: string;
}

type Unit = "week" | "month" | "quarter" | "year";
const START = {
  week: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }),
  month: startOfMonth,
  quarter: startOfQuarter,
  year: startOfYear,
};
const END = {
  week: (d: Date) => endOfWeek(d, { weekStartsOn: 1 }),
  month: endOfMonth,
  quarter: endOfQuarter,
  year: endOfYear,
};
const BACK = { week: subWeeks, month: subMonths, quarter: subQuarters, year: subYears };
const day = (d: Date) => format(d, "yyyy-MM-dd");

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
// A month by its name or its usual short form ("Nov", "Sept."), in any case.
const MONTH =
  "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?";
const ORDINAL = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(?:,?\\s+(\\d{4}))?";
// "November 16", "Nov 16th, 2026", "the 16th of November".
const MONTH_DAY = new RegExp(`\\b${MONTH}\\s+${ORDINAL}\\b${YEAR}`, "i");
const DAY_MONTH = new RegExp(`\\b(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?![a-z])${YEAR}`, "i");
// "In October", "during October 2026", "October's recaps": "may" alone is a verb, so May needs its year.
const MONTH_ONLY = new RegExp(
  `\\b(?:(?:in|during|from|for|of|over|through)\\s+${MONTH}(?![a-z])(?:\\s+(\\d{4}))?|${MONTH}'s\\b)`,
  "i",
);

// "In Q3", "during Q1 2025", "from the first quarter of 2025": a quarter the hub published in. One
// a question looks ahead to ("going into Q1", "plans for Q2") dates no coverage.
const QUARTER =
  /\b(?:in|during|from|over|through)\s+(?:the\s+)?(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)(?:\s+(?:of\s+)?(\d{4}))?\b/i;
const QUARTER_WORDS = ["first", "second", "third", "fourth"];
const quarterOf = (said: string) =>
  /^\d/.test(said) ? Number(said[0]) - 1 : QUARTER_WORDS.indexOf(said.toLowerCase());

const monthOf = (name: string) => MONTHS.indexOf(name.toLowerCase().slice(0, 3));

/**
 * A date named without its year is the latest one not after `now`: asked in November 2026, "November 16"
 * is 2026's and "December 3" 2025's.
 */
function latest(month: number, date: number, year: string | undefined, now: Date): Date {
  if (year) return new Date(Number(year), month, date);
  const thisYear = new Date(now.getFullYear(), month, date);
  return thisYear > now ? new Date(now.getFullYear() - 1, month, date) : thisYear;
}

/** The period a question names, if any: a week, month, quarter or year around `now`, a month, or a day. */
export function periodIn(question: string, now: Date): Period | undefined {
  const match = /\b(this|last|past|previous)\s+(week|month|quarter|year)\b/i.exec(question);
  // "What should I check this week?" plans the week ahead; it asks for nothing published in it.
  const plans =
    /\b(?:should|must|need to|have to|plan to|going to|gonna|will|want to)\b[^.?!]*\bthis\s+(?:week|month)\b/i;
  if (match && !plans.test(question)) {
    const unit = match[2]!.toLowerCase() as Unit;
    const when = match[1]!.toLowerCase() === "this" ? now : BACK[unit](now, 1);
    return {
      label: `${match[1]!.toLowerCase()} ${unit}`,
      from: day(START[unit](when)),
      to: day(END[unit](when)),
      said: match[0],
    };
  }
  const monthDay = MONTH_DAY.exec(question);
  const dayMonth = monthDay ? undefined : DAY_MONTH.exec(question);
  const named = monthDay
    ? { month: monthDay[1]!, date: Number(monthDay[2]), year: monthDay[3], said: monthDay[0] }
    : dayMonth
      ? { month: dayMonth[2]!, date: Number(dayMonth[1]), year: dayMonth[3], said: dayMonth[0] }
      : undefined;
  if (named && named.date >= 1 && named.date <= 31) {
    const when = latest(monthOf(named.month), named.date, named.year, now);
    return { label: `on ${format(when, "MMMM d, yyyy")}`, from: day(when), to: day(when), said: named.said };
  }
  const quarter = QUARTER.exec(question);
  if (quarter) {
    const index = quarter[1] ? Number(quarter[1]) - 1 : quarterOf(quarter[2]!);
    // A quarter named without its year is the latest one begun by `now`, as a month is.
    const when = latest(index * 3, 1, quarter[3], now);
    return {
      label: `in Q${index + 1} ${when.getFullYear()}`,
      from: day(startOfQuarter(when)),
      to: day(endOfQuarter(when)),
      said: quarter[0],
    };
  }
  const month = MONTH_ONLY.exec(question);
  const name = month?.[1] ?? month?.[3];
  if (month && name && (monthOf(name) !== 4 || month[2])) {
    const when = latest(monthOf(name), 1, month[2], now);
    return {
      label: `in ${format(when, "MMMM yyyy")}`,
      from: day(startOfMonth(when)),
      to: day(endOfMonth(when)),
      said: month[0],
    };
  }
  return undefined;
}

export const inPeriod = (date: string | undefined, period: Period) =>
  date !== undefined && date >= period.from && date <= period.to;
