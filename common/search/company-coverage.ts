// A company's coverage on the hub (issue 26): the recaps that name it and the
// podcast moments where it is said, as the API, the profile dialog and the
// Explorer's "most covered" sort see them. No dependencies beyond types, so the
// browser may import it; the server computes it (server/search/).
import type { Highlighted } from "./site-search.ts";

/** Items of each list a page of coverage holds, unless the caller asks otherwise. */
export const COVERAGE_PAGE = 10;
/** The most items of each list one request may ask for. */
export const COVERAGE_MAX = 50;

export interface CoverageRecap {
  id: number;
  date: string;
  headline: string;
  url: string;
  /** The name, other name or brand the recap used. */
  term: string;
  snippet: Highlighted;
}

export interface CoverageMoment {
  episode_id: number;
  date: string;
  title: string;
  series: "daily" | "weekly";
  /** The second the cue starts; null for an untimed transcript (the link opens the episode). */
  seconds: number | null;
  url: string;
  term: string;
  /** The cue's words (an untimed transcript: the words around the name). */
  snippet: Highlighted;
}

export interface CompanyCoverage {
  company_id: number;
  /** Newest first. */
  recaps: CoverageRecap[];
  /** Newest episode first; within an episode, in the order they are said. */
  moments: CoverageMoment[];
  /** All the recaps and all the episodes that name the company, not just this page's. */
  totals: { recaps: number; episodes: number };
  /** The next page of both lists; null when both are done. */
  next_cursor: string | null;
}

export const COVERAGE_TEXTS = {
  title: "Coverage on the hub",
  loading: "Loading coverage…",
  failed: "The coverage could not be loaded. Try again later.",
  more: "More coverage",
  recaps: "Recaps",
  moments: "Podcast moments",
  empty: (name: string) => `The hub has not covered ${name} yet.`,
  summary: (recaps: number, episodes: number) =>
    `${recaps} ${recaps === 1 ? "recap" : "recaps"} and ${episodes} ${episodes === 1 ? "episode" : "episodes"} name this company.`,
  /** `quarter` is named only when it is not the current one (no coverage yet this quarter). */
  sortByCoverage: (quarter?: string) => (quarter ? `Most covered in ${quarter}` : "Most covered this quarter"),
  sortByRank: "Rank order",
  column: (quarter?: string) => quarter ?? "This quarter",
  columnLong: (quarter: string) => `Recaps and episodes naming the company in ${quarter}`,
} as const;

/** The Explorer's `sort` parameter that orders both tables by this quarter's coverage. */
export const COVERAGE_SORT = "coverage";

/**
 * The calendar quarter holding `today` (a UTC `YYYY-MM-DD`): its first and last
 * days, inclusive, and its name ("Q4 2026"). Calendar quarters, not the last 90
 * days, so the figure is the one the trade reports in and does not drift daily.
 */
export function quarterOf(today: string): { from: string; to: string; label: string } {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const first = String(quarter * 3 + 1).padStart(2, "0");
  const lastMonth = quarter * 3 + 3;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return {
    from: `${year}-${first}-01`,
    to: `${year}-${String(lastMonth).padStart(2, "0")}-${lastDay}`,
    label: `Q${quarter + 1} ${year}`,
  };
}
