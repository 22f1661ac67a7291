import { Link } from "react-router";
import type { Series } from "#common/content/episode.ts";
import { SERIES_NAME } from "#common/podcast/podcast-text.ts";

const FILTERS: Array<{ series: Series | undefined; label: string }> = [
  { series: undefined, label: "All Episodes" },
  { series: "daily", label: SERIES_NAME.daily },
  { series: "weekly", label: SERIES_NAME.weekly },
];

/** The three filter buttons: links, so a filter is a shareable, server-rendered URL. */
export function SeriesFilter({ current }: { current: Series | undefined }) {
  const active = FILTERS.find((f) => f.series === current)!;
  return (
    <div className="space-y-3">
      <nav aria-label="Series" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => {
          const selected = f.series === current;
          return (
            <Link
              key={f.label}
              to={f.series ? `/podcast?series=${f.series}` : "/podcast"}
              preventScrollReset
              aria-current={selected ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-semibold ${
                selected ? "bg-ink-900 text-white" : "border border-ink-300 bg-surface text-ink-800 hover:bg-paper"
              }`}
            >
              {f.label}
            </Link>
          );
        })}
      </nav>
      <p className="text-sm text-ink-600">
        Currently viewing: <span className="font-semibold text-ink-900">{active.label}</span>
      </p>
    </div>
  );
}
