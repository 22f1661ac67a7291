import { MONTHS } from "#common/format/en-us-format.ts";

// Printed from fixed en-US words and the day's own numbers, not through Intl: the first Intl
// object a page makes loads ICU's data, which cost a hydrating list of recaps 30-35 ms of a
// throttled phone's main thread, and date-fns's `format` would add 7 KB (gzip) to pages already
// near their script budget (docs/measurements.md). `date-text.test.ts` holds both formats to
// Intl's en-US output for every day of two years, read in five time zones.

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date is the same day everywhere: the year, month and day it begins with. A value
 * that names no day on the calendar (a mangled row, 2026-02-30) is refused with a RangeError, as
 * Intl refused it, so a page fails as an error page instead of printing a wrong day.
 */
function calendarDay(isoDate: string) {
  const parts = DAY.exec(isoDate);
  const [year, month, day] = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [NaN, NaN, NaN];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    throw new RangeError(`Not a calendar date: ${isoDate.slice(0, 40)}`);
  return { year, month: MONTHS[month - 1]!, day };
}

/** The site's one date format ("November 20, 2026"). */
export function formatDate(isoDate: string): string {
  const { year, month, day } = calendarDay(isoDate);
  return `${month} ${day}, ${year}`;
}

/** The spec's episode date: short month and numeric day, en-US ("Nov 14"). */
export function formatShortDate(isoDate: string): string {
  const { month, day } = calendarDay(isoDate);
  return `${month.slice(0, 3)} ${day}`;
}

export function DateText({ date, short = false, className }: { date: string; short?: boolean; className?: string }) {
  return (
    <time dateTime={date.slice(0, 10)} className={className}>
      {short ? formatShortDate(date) : formatDate(date)}
    </time>
  );
}
