/** The recap pages' fixed words (spec section 2). */
export const RECAP_TITLE = "Weekly Industry Recap";
export const RECAP_SUBTITLE = "Curated weekly summaries of the most important spirits industry news and developments";

/** Raised when the detail route is reached without an id (spec section 2). */
export const NO_ID = "No ID provided";
