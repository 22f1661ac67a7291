import { Search } from "lucide-react";
import type { Series } from "#common/content/episode.ts";

/** Searches the episodes' titles, descriptions and transcripts: a plain GET form (the podcast page runs no router script), keeping the series. */
export function EpisodeSearch({ q, series }: { q: string; series: Series | undefined }) {
  return (
    <form method="get" action="/podcast" role="search" className="flex gap-2">
      <label htmlFor="episode-search" className="sr-only">
        Search episodes and transcripts
      </label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <input
          id="episode-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Search episodes and transcripts..."
          className="min-h-11 w-full rounded-md border border-ink-300 bg-surface py-2 pl-9 pr-3 text-ink-950 placeholder:text-ink-500 focus:border-copper-600 focus:outline-none focus:ring-2 focus:ring-copper-600/30"
        />
      </div>
      {series ? <input type="hidden" name="series" value={series} /> : null}
      <button
        type="submit"
        className="min-h-11 rounded-md bg-ink-900 px-4 text-sm font-semibold text-white hover:bg-copper-700"
      >
        Search
      </button>
    </form>
  );
}
