import { format, parseISO } from "date-fns";

/**
 * The site's one date format ("November 20, 2026"). A calendar date is read
 * as that day wherever the code runs, so server and browser print the same text.
 */
export function formatDate(isoDate: string): string {
  return format(parseISO(isoDate.slice(0, 10)), "MMMM d, yyyy");
}

export function DateText({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date.slice(0, 10)} className={className}>
      {formatDate(date)}
    </time>
  );
}
