// The function's own module: the package index loads every date-fns function (about 300 MB of RSS on the server).
import { formatDistance } from "date-fns/formatDistance";
import { dateFormat } from "#common/format/en-us-format.ts";
import { useNow } from "../hooks/use-now";

/**
 * "3 days ago". The server (and hydration) print the absolute date so both
 * sides agree; the relative wording follows in the browser, refreshed each minute.
 */
// An instant, in UTC so that it reads the same before and after hydration.
const instant = dateFormat({ dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  const date = new Date(iso);
  const absolute = `${instant(date)} UTC`;
  return (
    <time dateTime={date.toISOString()} title={absolute} className={className}>
      {now === null ? absolute : formatDistance(date, Math.max(now, date.getTime()), { addSuffix: true })}
    </time>
  );
}
