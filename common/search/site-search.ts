// Site-wide search (issue 26) as the page, the header's suggestions and the API
// see it. The server searches (server/search/); this is the shape of its answer
// and the words and limits both sides use.

// Topics come first: a topic that matches is a short answer (one or two), the way to all its items and to follow it.
export const SEARCH_KINDS = ["topic", "recap", "episode", "company"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A search of fewer characters than this finds too much to read; the reader is asked for more. */
export const SEARCH_MIN_CHARS = 2;
/** Longer searches are refused: no reader types one, and each character costs the database. */
export const SEARCH_MAX_CHARS = 200;
/** Results of each kind on the page that shows every kind; "See all" pages through one kind. */
export const SEARCH_PREVIEW = 5;
/** Results a page of one kind shows. */
export const SEARCH_PAGE = 20;

export const SEARCH_TEXTS = {
  label: "Search the hub",
  placeholder: "Search recaps, episodes, companies…",
  tooShort: `Type at least ${SEARCH_MIN_CHARS} characters to search.`,
  tooLong: `Searches are limited to ${SEARCH_MAX_CHARS} characters.`,
  noResults: (q: string) => `Nothing in the hub matches “${q}”.`,
  seeAll: (q: string) => `See all results for “${q}”`,
  badDate: "Dates must be written as YYYY-MM-DD.",
  badRange: "The “from” date must not be after the “to” date.",
} as const;

export const KIND_NAMES: Record<SearchKind, { one: string; many: string }> = {
  recap: { one: "recap", many: "Recaps" },
  episode: { one: "episode", many: "Episodes" },
  company: { one: "company", many: "Companies" },
  topic: { one: "topic", many: "Topics" },
};

/** Text with the stretches that matched the search, as [start, end) offsets in UTF-16 units. */
export interface Highlighted {
  text: string;
  marks: Array<[number, number]>;
}

interface HitBase {
  /** Where the result lives on the site (a transcript hit: the second its words are said). */
  url: string;
  title: Highlighted;
  snippet: Highlighted;
  /** Whether the search matched as a whole word (these come first). */
  wholeWord: boolean;
}
export interface RecapHit extends HitBase {
  kind: "recap";
  id: number;
  date: string;
  tags: string[];
}
export interface EpisodeHit extends HitBase {
  kind: "episode";
  id: number;
  date: string;
  series: "daily" | "weekly";
  /** The second of the transcript cue that matched; null when the title or description did. */
  seconds: number | null;
}
export interface CompanyHit extends HitBase {
  kind: "company";
  id: number;
  type: "manufacturer" | "distributor";
  location: string;
}
/** A topic (a tag in use, issue 26): its page, and what it holds, so a reader can follow it from here (issue 42). */
export interface TopicHit extends HitBase {
  kind: "topic";
  /** The topic's slug: a topic has no number, its address is its name. */
  id: string;
  recaps: number;
  episodes: number;
}
export type SearchHit = RecapHit | EpisodeHit | CompanyHit | TopicHit;

export interface SearchGroup {
  kind: SearchKind;
  total: number;
  items: SearchHit[];
  /** The cursor of the next page of this kind; null at the end. */
  next_cursor: string | null;
}

export interface SearchFilters {
  kind?: SearchKind | undefined;
  series?: "daily" | "weekly" | undefined;
  /** YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface SearchResponse {
  q: string;
  filters: SearchFilters;
  /** Matches of each kind the filters allow (a kind they rule out counts 0). */
  counts: Record<SearchKind, number>;
  total: number;
  groups: SearchGroup[];
}
