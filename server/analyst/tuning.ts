// Every number the analyst is tuned by, in one place, each with what it does and what moving it
// does to the evaluation (`npm run bench:chat-eval`; docs/chat-eval.md has the rounds that set
// them). Change one only with every set scored before and after: none may score lower.

/** Retrieval: how the search index weighs a match (MiniSearch options). */
export const SEARCH = {
  /** A match in a source's title, a recap section's heading, or its tags counts this much more. */
  boost: { source: 2, section: 1.5, keywords: 2 },
  /** Words longer than this match as prefixes ("distribut" finds "distributors"). */
  prefixFrom: 5,
  /**
   * Words this long or longer match within this share of their letters (a typo the corrector
   * missed). At 0.3 no set moves (measured 2026-11-27): a guard kept for words the sets lack.
   */
  fuzzyFrom: 7,
  fuzzy: 0.15,
} as const;

/** Weights of a question's words when coverage is measured (hub-index.ts). */
export const WEIGHTS = {
  /**
   * A role word ("suppliers", "brands") weighs half: "tequila suppliers" is about tequila first.
   * At 1 no set moves (measured 2026-11-27); it stands on the reasoning, and on the unit tests.
   */
  role: 0.5,
  /**
   * A word the hub never uses weighs as the question's rarest known word (times this). Measured
   * 2026-11-27: at 2, probe 59, probe-2 38, probe-4 41, test 77 of 90; at 0.5, regression 31
   * ("sake breweries in Nevada" is answered as covered), dev 96, test 80.
   */
  unknown: 1,
} as const;

/** What counts as covering a question (answer/coverage-hits.ts, answer/evidence.ts). */
export const COVERAGE = {
  /**
   * A recap or episode covers a question when it carries this share of the question's weight of
   * terms, counted over the whole source (more than this share when the question has a word the hub
   * never uses: "sake sales in Nevada" is not covered by Nevada). Measured 2026-11-28: at 0.4,
   * probe 59 and test 81 of 90 (probe-4 47); at 0.6, probe 57, probe-2 36, probe-3 72, probe-4 42,
   * test 80.
   */
  share: 0.5,
  /**
   * A hit must also score this share of the best of its kind, unless it covers the most of the
   * question. At 0.05 and at 0.2 no set moves (2026-11-28): a guard for corpora larger than the demo's.
   */
  scoreFloor: 0.1,
  /**
   * A profile the search found joins an answer only when it covers this share of the question
   * ("premium" alone is not enough). At 0.5, dev 97 and test 82 (2026-11-28); at 1 no set moves.
   */
  profile: 0.75,
} as const;

/** How a profile's sentences are weighed on a question about its company (answer/profile-says.ts). */
export const PROFILE_WEIGHTS = {
  /**
   * A word that measures the topic ("what share", "how many employees") chooses between sentences
   * on it. At 1 no set moves (2026-11-28); it stands on the unit tests of profile answers.
   */
  measure: 0.5,
  /** A word carried from the turn before must not outweigh this turn's own. At 0.5 no set moves (2026-11-28); the follow-up tests hold it. */
  carried: 0.25,
} as const;

/** How much of the hub a short answer and a research report quote (the topic and report intents). */
export const QUOTAS = {
  /** Deep research aims to cite this many recaps and episodes before it reads related coverage. */
  deepSources: 4,
  /** A related recap or episode must cover this share of the question to join a thin report. At 0.5, probe 59 (2026-11-27). */
  relatedCoverage: 0.25,
  /** Profiles a research report quotes: enough for the several companies a topic spans. */
  deepProfiles: 6,
  /** Companies the coverage names that a research report places with their figures. */
  deepNamed: 6,
  /**
   * Makers placed for each kind of drink a report asks about, each named at least `makerMentions`
   * times in its profile. At 1 or 3 per kind no set moves (2026-11-28): two is a report's pair of
   * leaders, beside the companies its coverage names.
   */
  makersPerKind: 2,
  makerMentions: 2,
  /** Profiles each part of a research question contributes, taken in turn. At 2 no set moves (2026-11-28). */
  profilesPerPart: 3,
  /** Distinct recaps quoted: in a report, a short answer, a podcast question. Short at 2: probe-2 36, test 80 (2026-11-27). */
  recaps: { deep: 8, short: 4, podcast: 2 },
  /** Sections quoted per recap: three, or four when one recap alone covers the topic (short answers). */
  recapSections: { usual: 3, alone: 4 },
  /**
   * Sentences quoted from each recap section or episode moment: a recap's section is a short list,
   * and its last point is often the one a reader asked about ("bartenders favour additive-free
   * claims"). Measured 2026-11-28: at 3, probe-2 42, probe-4 49, test 83 of 90; at 4, probe-2 43,
   * probe-4 50, test 84; at 5 as at 4.
   */
  sentencesPerPoint: 4,
  /** Recap passages in all: in a report, a short answer, a podcast question. */
  recapPassages: { deep: 12, short: 6, podcast: 2 },
  /** Distinct episodes quoted: in a report, a podcast question, any other short answer. */
  episodes: { deep: 4, podcast: 3, short: 1 },
  /** Passages per episode: a podcast question hears its description and its best moment. */
  episodeSections: { podcast: 2, usual: 1 },
  /** Episode passages in all. */
  episodePassages: { deep: 4, podcast: 4, short: 1 },
  /**
   * Passages of each kind read for the sources that name a place a question narrows its topic to
   * ("tequila in Chicago"): enough to hold every passage that names any state or city the hub has.
   */
  placePassages: 500,
} as const;
