// Fixed locale and time zone: the server and every browser print the same text.
const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * The site's one date format ("November 20, 2026"). A calendar date is the
 * same day everywhere, so it is read and printed in UTC.
 */
export function formatDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

export function DateText({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date.slice(0, 10)} className={className}>
      {formatDate(date)}
    </time>
  );
}
