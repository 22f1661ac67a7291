import { useHydrated } from "../../hooks/use-hydrated";

// Intl refuses timeZoneName beside dateStyle/timeStyle, so the zone is named with a second formatter.
const when = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
const zoneName = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat("en-US", { timeZoneName: "short", ...(timeZone ? { timeZone } : {}) })
    .formatToParts(new Date(iso))
    .find((p) => p.type === "timeZoneName")?.value ?? "";

/** "Nov 27, 2026, 9:00 AM EST": in the given zone, or this runtime's own. */
export const formatScheduled = (iso: string, timeZone?: string) =>
  `${when(iso, timeZone)} ${zoneName(iso, timeZone)}`.trim();

/**
 * "Scheduled · Nov 27, 2026, 9:00 AM EST": in the editor's own zone once the
 * page runs (the server cannot know it), in UTC before that and without
 * JavaScript, the zone named either way.
 */
export function ScheduledTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="inline-block rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
        Scheduled
      </span>
      <time dateTime={iso}>{hydrated ? formatScheduled(iso) : formatScheduled(iso, "UTC")}</time>
    </span>
  );
}
