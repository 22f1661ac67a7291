// How the answers write the figures: one fixed format, so a reader (and an evaluation written
// from the data alone) finds the same figure the same way every time.

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * An amount with its unit: at or above a billion, "1.2 billion"; at or above a million,
 * "27.4 million"; below, in full and grouped, "912,345". Rounded first, so $999,999.60 is
 * "1.0 million" and 999.96 million is "1.0 billion".
 */
function amount(value: number): string {
  const whole = Math.round(value);
  if (Math.abs(whole) >= 999_950_000) return `${(whole / 1e9).toFixed(1)} billion`;
  if (Math.abs(whole) >= 1_000_000) return `${(whole / 1e6).toFixed(1)} million`;
  return grouped.format(whole);
}

/** "$27.4 million", "$1.2 billion", "$912,345". */
export const dollars = (value: number) => `$${amount(value)}`;

/** "4.1 million liters", "912,345 liters". */
export const liters = (value: number) => `${amount(value)} liters`;

/** The change from `before` to `now`: "up 12.3%", "down 2.1%"; undefined without a year before. */
export function change(now: number, before: number | undefined): string | undefined {
  if (before === undefined || before <= 0) return undefined;
  const pct = ((now - before) / before) * 100;
  const shown = Math.abs(pct).toFixed(1);
  if (shown === "0.0") return "unchanged";
  return `${pct > 0 ? "up" : "down"} ${shown}%`;
}

/** A share (0-1) as a percentage: "12.3%". */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2020-10" → "October 2020". */
export const monthName = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;

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
