// How the answers write the figures: one fixed format, so a reader (and an evaluation written
// from the data alone) finds the same figure the same way every time.

import { MONTHS } from "#common/format/en-us-format.ts";
import { changeOf, changeText, dollars, liters, monthName, shareText } from "#common/market/figure-format.ts";

// The figures are written as on the /data pages (common/market/figure-format.ts).
export { dollars, liters, monthName };

/** The change from `before` to `now`: "up 12.3%", "down 2.1%"; undefined without a year before. */
export const change = (now: number, before: number | undefined): string | undefined =>
  changeText(changeOf(now, before)) || undefined;

/** A share (0-1) as a percentage: "12.3%". */
export const percent = shareText;

/** Months 1-n of a year, as a span: "January to October 2020". */
export const monthsSpan = (year: number, months: number) =>
  months === 1 ? `January ${year}` : `January to ${MONTHS[months - 1]} ${year}`;

/** "first", "2nd"… as a place in a ranking: "1st", "2nd", "3rd", "4th", "11th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
