// The spec's words for /explorer (section 2), in one place.
export const EXPLORER_TITLE = "Top Player Deep Dive";
export const EXPLORER_SUBTITLE =
  "Profiles of the top 25 U.S. alcoholic beverage manufacturers and the top 25 beer, wine and spirits distributors";
export const EXPLORER_DESCRIPTION =
  "The 25 largest U.S. beverage alcohol manufacturers and 25 largest beer, wine and spirits distributors: locations, key brands, revenue, coverage, strategy and recent developments.";
export const SEARCH_PLACEHOLDER = "Search companies, locations, or brands...";
export const MANUFACTURERS_TITLE = "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)";
export const DISTRIBUTORS_TITLE = "Top 25 U.S. Alcohol Distributors (Beer, Wine & Spirits)";
export const NO_MATCHES = "No companies found matching your search criteria.";
export const VIEW_PROFILE = "View Profile";
export const COMING_SOON = "Coming soon";

/** The longest search kept (the field's maxLength; an address may carry more, which is cut). */
export const MAX_QUERY = 100;
