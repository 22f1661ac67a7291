// en-US words, and en-US formatters made on first use, not when their module loads. The first
// Intl object a page makes loads ICU's data (50-90 ms on a desktop core, about four times that on
// a phone, measured in docs/measurements.md); a hydrating page whose modules only might print a
// date or a figure should not pay that before it answers a tap.

/** `new Intl.DateTimeFormat("en-US", options).format`, made when first called. */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat("en-US", options)).format(date);
}

/** `new Intl.NumberFormat("en-US", options).format`, made when first called. */
export function numberFormat(options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => (format ??= new Intl.NumberFormat("en-US", options)).format(value);
}

/** The months' names in English, January first. */
export const MONTHS = [
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
] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date is the same day everywhere: the year, month and day an ISO date or instant
 * begins with, read from its text (no Date, no Intl, no time zone). A value that names no day on
 * the calendar (a mangled row, 2026-02-30) is refused with a RangeError, as Intl refused it, so a
 * page fails as an error page instead of printing a wrong day.
 */
function calendarDay(isoDate: string) {
  const parts = DAY.exec(isoDate);
  const [year, month, day] = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [NaN, NaN, NaN];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    throw new RangeError(`Not a calendar date: ${isoDate.slice(0, 40)}`);
  return { year, month: MONTHS[month - 1]!, day };
}

/** "November 20, 2026": a calendar date (YYYY-MM-DD, or an instant's UTC day) in full. */
export function longDay(isoDate: string): string {
  const { year, month, day } = calendarDay(isoDate);
  return `${month} ${day}, ${year}`;
}

/** "December 2024": a calendar month (YYYY-MM) in full. */
export function longMonth(isoMonth: string): string {
  const { year, month } = calendarDay(`${isoMonth.slice(0, 7)}-01`);
  return `${month} ${year}`;
}

/** "Nov 14": short month and day. */
export function shortMonthDay(isoDate: string): string {
  const { month, day } = calendarDay(isoDate);
  return `${month.slice(0, 3)} ${day}`;
}

/** "Apr 30, 2025": short month, day and year. */
export function shortDay(isoDate: string): string {
  return `${shortMonthDay(isoDate)}, ${calendarDay(isoDate).year}`;
}

/** "3:07 PM": a 12-hour clock's reading of `hours` (0-23) and `minutes`, as Intl's en-US short time prints it. */
export const twelveHourClock = (hours: number, minutes: number) =>
  `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;

/** "Nov 28, 2026, 3:04 PM": an instant in UTC, as Intl's en-US medium date and short time print it. */
export const utcInstant = (at: Date) =>
  `${shortDay(at.toISOString())}, ${twelveHourClock(at.getUTCHours(), at.getUTCMinutes())}`;
