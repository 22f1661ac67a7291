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

/** The period a question names, if any. */
export function periodIn(question: string, now: Date): Period | undefined {
  const match = /\b(this|last|past|previous)\s+(week|month|quarter|year)\b/i.exec(question);
  if (!match) return undefined;
  const unit = match[2]!.toLowerCase() as Unit;
  const when = match[1]!.toLowerCase() === "this" ? now : BACK[unit](now, 1);
  return { label: `${match[1]!.toLowerCase()} ${unit}`, from: day(START[unit](when)), to: day(END[unit](when)) };
}

export const inPeriod = (date: string | undefined, period: Period) =>
  date !== undefined && date >= period.from && date <= period.to;
