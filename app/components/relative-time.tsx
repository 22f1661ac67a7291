import { format, formatDistance } from "date-fns";
import { useNow } from "./use-now";

/**
 * "3 days ago". The server (and hydration) print the absolute date so both
 * sides agree; the relative wording follows in the browser, refreshed each minute.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  const date = new Date(iso);
  const absolute = format(date, "MMM d, yyyy, h:mm a");
  return (
    <time dateTime={date.toISOString()} title={absolute} className={className}>
      {now === null ? absolute : formatDistance(date, Math.max(now, date.getTime()), { addSuffix: true })}
    </time>
  );
}
