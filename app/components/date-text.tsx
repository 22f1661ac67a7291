import { longDay, shortMonthDay } from "#common/format/en-us-format.ts";

// Printed from fixed en-US words and the day's own numbers, not through Intl: the first Intl
// object a page makes loads ICU's data, which cost a hydrating list of recaps 30-35 ms of a
// throttled phone's main thread, and date-fns's `format` would add 7 KB (gzip) to pages already
// near their script budget (docs/measurements.md). `date-text.test.ts` holds both formats to
// Intl's en-US output for every day of two years, read in five time zones.

/** The site's one date format ("November 20, 2026"). */
export const formatDate = longDay;

/** The spec's episode date: short month and numeric day, en-US ("Nov 14"). */
export const formatShortDate = shortMonthDay;

export function DateText({ date, short = false, className }: { date: string; short?: boolean; className?: string }) {
  return (
    <time dateTime={date.slice(0, 10)} className={className}>
      {short ? formatShortDate(date) : formatDate(date)}
    </time>
  );
}
