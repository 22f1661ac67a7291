import { useHydrated } from "../../components/use-hydrated";

const format = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone, timeZoneName: "short" } : {}) }).format(new Date(iso));

/**
 * "Scheduled · Nov 27, 2026, 9:00 AM": in the reader's own zone once the page
 * runs (the server cannot know it), in UTC before that and without JavaScript.
 */
export function ScheduledTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <span className="inline-flex items-center gap-1">
      <span className="inline-block rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">Scheduled</span>
      <time dateTime={iso}>{hydrated ? format(iso) : format(iso, "UTC")}</time>
    </span>
  );
}
