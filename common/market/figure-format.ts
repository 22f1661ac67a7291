// How market figures are written wherever a reader sees them (the /data pages, their charts,
// recaps' embedded charts): one format, so a figure on a page and in Eddy's answer read alike.
import { MONTHS, numberFormat } from "../format/en-us-format.ts";

const grouped = numberFormat({ maximumFractionDigits: 0 });

/**
 * An amount: at or above a billion, "1.2 billion"; at or above a million, "27.4 million";
 * below, in full and grouped, "912,345". Rounded to the unit first, so 999,999.60 is
 * "1.0 million" and 999.96 million is "1.0 billion".
 */
function amount(value: number): string {
  const whole = Math.round(value);
  if (Math.abs(whole) >= 999_950_000) return `${(whole / 1e9).toFixed(1)} billion`;
  if (Math.abs(whole) >= 1_000_000) return `${(whole / 1e6).toFixed(1)} million`;
  return grouped(whole);
}

/** "$27.4 million", "$1.2 billion", or "$912,345" below a million. */
export const dollars = (n: number): string => `$${amount(n)}`;

/** "4.1 million liters", or "912,345 liters" below a million. */
export const liters = (n: number): string => `${amount(n)} liters`;

/** An axis label: "$30M", "$1.5B", "800K L". Short, since it sits beside the chart. */
export function compact(n: number, unit: "USD" | "L"): string {
  const a = Math.abs(n);
  const [value, suffix] = a >= 1e9 ? [a / 1e9, "B"] : a >= 1e6 ? [a / 1e6, "M"] : a >= 1e3 ? [a / 1e3, "K"] : [a, ""];
  const digits = Number.isInteger(Math.round(value * 10) / 10) ? 0 : 1;
  const text = `${value.toFixed(digits)}${suffix}`;
  return unit === "USD" ? `$${text}` : `${text} L`;
}

/** (now − before) / before, or undefined when there is no year before (or nothing in it) to compare with. */
export function changeOf(now: number, before: number | undefined): number | undefined {
  return before !== undefined && before > 0 ? (now - before) / before : undefined;
}

/** A fraction as a percentage's digits, one decimal, without its sign: 0.0921 → "9.2". */
const pctDigits = (fraction: number) => Math.abs(fraction * 100).toFixed(1);

/** "up 12.3%", "down 2.1%", "unchanged"; "" when there is nothing to compare with. */
export function changeText(change: number | undefined): string {
  if (change === undefined) return "";
  const shown = pctDigits(change);
  if (shown === "0.0") return "unchanged";
  return `${change > 0 ? "up" : "down"} ${shown}%`;
}

/** A change for a table cell: "+12.3%", "−2.1%", "0.0%", or "–" with nothing to compare with. */
export function changeCell(change: number | undefined): string {
  if (change === undefined) return "–";
  const shown = pctDigits(change);
  return `${shown === "0.0" ? "" : change > 0 ? "+" : "−"}${shown}%`;
}

/** A share (0-1) as "12.3%". */
export const shareText = (share: number): string => `${pctDigits(share)}%`;

/** The same month a year before: "2026-09" → "2025-09". */
export const monthYearBefore = (period: string): string => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;

/** "2020-10" → "October 2020"; "Oct 2020" when short. Months are the source's, never the reader's clock. */
export function monthName(period: string, short = false): string {
  const name = MONTHS[Number(period.slice(5, 7)) - 1] ?? period;
  return `${short ? name.slice(0, 3) : name} ${period.slice(0, 4)}`;
}
