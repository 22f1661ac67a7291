// How market figures are written wherever a reader sees them (the /data pages, their charts,
// recaps' embedded charts): one format, so a figure on a page and in Eddy's answer read alike.

const oneDecimal = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = (n: number) => Math.round(n).toLocaleString("en-US");

/** "$27.4 million", "$1.2 billion", or "$912,345" below a million. */
export function dollars(n: number): string {
  const sign = n < 0 ? "−" : "";
  const a = Math.abs(n);
  if (a >= 1e9) return `${sign}$${oneDecimal(a / 1e9)} billion`;
  if (a >= 1e6) return `${sign}$${oneDecimal(a / 1e6)} million`;
  return `${sign}$${whole(a)}`;
}

/** "4.1 million liters", or "912,345 liters" below a million. */
export function liters(n: number): string {
  const a = Math.abs(n);
  const sign = n < 0 ? "−" : "";
  return a >= 1e6 ? `${sign}${oneDecimal(a / 1e6)} million liters` : `${sign}${whole(a)} liters`;
}

/** An axis label: "$30M", "$1.5B", "800K L". Short, since it sits beside the chart. */
export function compact(n: number, unit: "USD" | "L"): string {
  const a = Math.abs(n);
  const [value, suffix] = a >= 1e9 ? [a / 1e9, "B"] : a >= 1e6 ? [a / 1e6, "M"] : a >= 1e3 ? [a / 1e3, "K"] : [a, ""];
  const digits = Number.isInteger(Math.round(value * 10) / 10) ? 0 : 1;
  const text = `${value.toFixed(digits)}${suffix}`;
  return unit === "USD" ? `$${text}` : `${text} L`;
}

/** (now − before) / before, or undefined when there is no year before to compare with. */
export function changeOf(now: number, before: number | undefined): number | undefined {
  return before ? (now - before) / before : undefined;
}

/** "up 12.3%", "down 2.1%", "unchanged"; "" when there is nothing to compare with. */
export function changeText(change: number | undefined): string {
  if (change === undefined) return "";
  const pct = Math.round(change * 1000) / 10;
  if (pct === 0) return "unchanged";
  return `${pct > 0 ? "up" : "down"} ${oneDecimal(Math.abs(pct))}%`;
}

/** A change for a table cell: "+12.3%", "−2.1%", "0.0%", or "–" with nothing to compare with. */
export function changeCell(change: number | undefined): string {
  if (change === undefined) return "–";
  const pct = Math.round(change * 1000) / 10;
  return `${pct > 0 ? "+" : pct < 0 ? "−" : ""}${oneDecimal(Math.abs(pct))}%`;
}

/** A share (0-1) as "12.3%". */
export const shareText = (share: number): string => `${oneDecimal(share * 100)}%`;

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

/** "2020-10" → "October 2020"; "Oct 2020" when short. Months are the source's, never the reader's clock. */
export function monthName(period: string, short = false): string {
  const name = MONTHS[Number(period.slice(5, 7)) - 1] ?? period;
  return `${short ? name.slice(0, 3) : name} ${period.slice(0, 4)}`;
}
