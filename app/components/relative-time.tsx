// The function's own module: the package index loads every date-fns function (about 300 MB of RSS on the server).
import { formatDistance } from "date-fns/formatDistance";
import { utcInstant } from "#common/format/en-us-format.ts";
import { useNow } from "../hooks/use-now";

/**
 * "3 days ago". The server (and hydration) print the absolute date so both
 * sides agree; the relative wording follows in the browser, refreshed each minute.
 * The instant is in UTC, so that it reads the same before and after hydration, and printed from
 * the date's own fields: an Intl formatter's first use loads ICU's data, which was most of what
 * a comments section cost to draw on a phone.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  const date = new Date(iso);
  const absolute = `${utcInstant(date)} UTC`;
  return (
    <time dateTime={date.toISOString()} title={absolute} className={className}>
      {now === null ? absolute : formatDistance(date, Math.max(now, date.getTime()), { addSuffix: true })}
    </time>
  );
}
