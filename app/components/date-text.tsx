// Fixed locale and time zone: the server and every browser print the same text.
const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A calendar date is the same day everywhere, so it is read and printed in UTC. */
const calendarDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** The site's one date format ("November 20, 2026"). */
export function formatDate(isoDate: string): string {
  return LONG_DATE.format(calendarDay(isoDate));
}

/** The spec's episode date: short month and numeric day, en-US ("Nov 14"). */
export function formatShortDate(isoDate: string): string {
  return SHORT_DATE.format(calendarDay(isoDate));
}

export function DateText({ date, short = false, className }: { date: string; short?: boolean; className?: string }) {
  return (
    <time dateTime={date.slice(0, 10)} className={className}>
      {short ? formatShortDate(date) : formatDate(date)}
    </time>
  );
}
