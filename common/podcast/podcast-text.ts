import type { Series } from "../content/episode.ts";

/** The podcast page's fixed words (spec section 2). */
export const PODCAST_TITLE = "The Spirits Signal";
export const PODCAST_INTRO =
  "Audio content on industry shifts, strategic insights and interviews from across the spirits trade";

export const SERIES_NAME: Record<Series, string> = { daily: "The Daily Shot", weekly: "The Weekly Pour" };
export const SERIES_TAG: Record<Series, string> = { daily: "Daily Shot", weekly: "Weekly Pour" };
export const SERIES_SUBTITLE: Record<Series, string> = {
  daily: "Quick industry insights and news updates",
  weekly: "In-depth analysis and long-form discussions",
};
