// Stage three of the analyst for the intents that answer from the hub's coverage (a topic, a report,
// a comparison's coverage, "no coverage"): what the hub has on the question, gathered once per turn.
import { COMPANIES, type Company } from "../../content/companies.server.ts";
import { playersAsked } from "../company-facts.ts";
import { fold } from "#common/content/fold.ts";
import { sourceOf, type Hit } from "../hub-index.ts";
import { QUESTION_AIMS, type QuestionAim } from "../lexicon/question-aims.ts";
import { inPeriod, periodIn, type Period } from "../question-dates.ts";
import { COVERAGE, QUOTAS } from "../tuning.ts";
import type { AnswerContext } from "./answer-context.ts";
import {
  besideNamed,
  besideStatements,
  clausesOf,
  coveringHits,
  distinctSources,
  inPlaces,
  strangeDrinks,
} from "./coverage-hits.ts";
import { companiesInCoverage, makersOf, namesAnyOf } from "./players.ts";

const {
  deepSources: DEEP_SOURCES,
  relatedCoverage: RELATED_COVERAGE,
  deepProfiles: DEEP_PROFILES,
  deepNamed: DEEP_NAMED,
} = QUOTAS;

/** The parts a question is read in, and the period each is dated by. */
export interface Scope {
  /** It asks about kinds of drink the hub has never named (see `strangeDrinks`). */
  strange: boolean;
  /** Deep research reads each part of a question of several on its own. */
  parts: string[];
  partPeriods: Array<Period | undefined>;
  /** The period the whole question is dated by: none when only some of its parts name one. */
  period: Period | undefined;
}

export interface Evidence {
  /** The question's terms the hits matched. */
  terms: string[];
  /** Its words the hub never uses. */
  unknown: string[];
  /** The places it narrows to that no covering source names. */
  placesUnnamed: string[];
  /** Hits that cover the question, before its period narrows them. */
  relevant: Hit[];
  recapHits: Hit[];
  episodeHits: Hit[];
  /** Profiles that cover the question, other than the named companies'. */
  companyHits: Hit[];
  /** In a report: the companies its coverage names, and the makers of the kinds it asks about. */
  inCoverage: Company[];
  /** The tags of the recaps quoted. */
  tags: string[];
}

const SCOPES = new WeakMap<AnswerContext, Scope>();
const EVIDENCE = new WeakMap<AnswerContext, Evidence>();

export function scopeOf(context: AnswerContext): Scope {
  let scope = SCOPES.get(context);
  if (scope) return scope;
  const { index, query, deep, now } = context;
  const { searched } = query.topic;
  // A question about kinds of drink the hub has never named is outside its coverage, whatever else it names.
  const strange = strangeDrinks(index, searched, query.topic.drinks);
  // A period named in one part of a research question ("the state rules, what launched this
  // quarter") dates that part, not the others.
  const parts = deep && !strange ? clausesOf(index, searched) : [];
  const partPeriods = parts.map((part) => periodIn(part, now));
  const period = parts.length >= 2 && partPeriods.some((p) => !p) ? undefined : query.filters.period;
  SCOPES.set(context, (scope = { strange, parts, partPeriods, period }));
  return scope;
}

const within = (when: Period | undefined) => (h: Hit) =>
  !when || h.passage.kind === "company" || inPeriod(h.passage.date, when);

/** What the hub has on the question: its covering recaps, episodes and profiles, each kind in its quota. */
export function evidenceOf(context: AnswerContext): Evidence {
  let evidence = EVIDENCE.get(context);
  if (evidence) return evidence;
  const { index, query, turn, deep } = context;
  const { searched, places } = query.topic;
  const named = turn.companies;
  const { strange, parts, partPeriods, period } = scopeOf(context);
  const { podcast } = query;
  const { series } = query.filters;
  const inSeries = (h: Hit) => !series.length || series.includes(h.passage.keywords);

  // Each kind is retrieved on its own, so long company profiles cannot crowd a topic's recaps out.
  const hits = index.search(searched, deep ? 40 : 20, { perKind: true });
  const terms = [...new Set(hits.flatMap((h) => h.terms))];
  const unknown = index.unknownWords(searched);
  // Deep research reads each part of a question on its own (below); a short answer, the sentences that ask.
  const wholeCovering = coveringHits(index, searched, hits);
  const { hits: relevant, unnamed: placesUnnamed } = inPlaces(
    index,
    places,
    strange
      ? []
      : besideNamed(
          index,
          searched,
          deep ? wholeCovering : besideStatements(index, searched, wholeCovering),
          named,
          deep,
        ),
  );
  // A question about a period reads the recaps and episodes dated in it.
  const inTime = within(period);
  let dated = relevant.filter(inTime);
  // Deep research reads wider: once the hub covers the topic, but fewer than four of its recaps and
  // episodes do, the ones that cover at least a quarter of the question join as related coverage.
  const covering = new Set(dated.filter((h) => h.passage.kind !== "company").map((h) => sourceOf(h.passage)));
  const thin = deep && covering.size > 0 && covering.size < DEEP_SOURCES;
  if (thin)
    dated = [
      ...dated,
      ...hits.filter(
        (h) =>
          h.passage.kind !== "company" &&
          !relevant.includes(h) &&
          h.coverage > 0 &&
          h.sourceCoverage >= RELATED_COVERAGE &&
          inTime(h),
      ),
    ];
  // A research question often asks several things at once ("the state rules, what launched, what
  // buyers want"): no one source covers half of all of it, though each part is covered. Deep
  // research also reads each part on its own, once the hub covers the whole question or most of
  // its parts, so a part that names something the hub lacks does not make the whole look covered.
  // What the parts find comes after what the whole question found.
  // The profiles each part of a research question finds ("who the big houses are", "who's making NA products").
  const partProfiles: Hit[] = [];
  if (parts.length >= 2) {
    const byPart = parts.map((part, i) =>
      coveringHits(index, part, index.search(part, 20, { perKind: true })).filter(within(partPeriods[i] ?? period)),
    );
    const coveredParts = byPart.filter((found) => found.some((h) => h.passage.kind !== "company")).length;
    if (relevant.length || coveredParts * 2 >= parts.length + 1) {
      const seen = new Set(dated.map((h) => h.passage));
      for (const h of byPart.flat().sort((a, b) => b.score - a.score))
        if (h.passage.kind !== "company" && !seen.has(h.passage)) {
          seen.add(h.passage);
          dated.push(h);
        }
      // Each part's best profiles, in turn, so one part's many profiles do not crowd out another's.
      const profilesByPart = byPart.map((found) =>
        found.filter((h) => h.passage.kind === "company").slice(0, QUOTAS.profilesPerPart),
      );
      for (let round = 0; round < QUOTAS.profilesPerPart; round++)
        for (const found of profilesByPart) if (found[round]) partProfiles.push(found[round]!);
    }
  }
  // Deep research gathers every distinct source that covers the topic, up to its limit; a short answer the best few.
  // A report quotes three sections of a recap: a question of several parts ("who the big houses are,
  // what suppliers are doing") often finds each part answered in its own section of one recap.
  // One recap alone on a topic is quoted a section further: its advice is often in its last section.
  const recapsCovering = new Set(dated.filter((h) => h.passage.kind === "recap").map((h) => sourceOf(h.passage))).size;
  const kind = deep ? "deep" : podcast ? "podcast" : "short";
  const recapHits = distinctSources(
    aimedFirst(
      dated.filter((h) => h.passage.kind === "recap"),
      query.topic.aim,
    ),
    QUOTAS.recaps[kind],
    !deep && recapsCovering === 1 ? QUOTAS.recapSections.alone : QUOTAS.recapSections.usual,
    QUOTAS.recapPassages[kind],
  );
  // A question for the podcast hears what was said as well as what the episode is about: its
  // description and its best transcript moment, which rank close (the description is short).
  const episodeHits = distinctSources(
    dated.filter((h) => h.passage.kind === "episode" && inSeries(h)),
    QUOTAS.episodes[kind],
    podcast && !deep ? QUOTAS.episodeSections.podcast : QUOTAS.episodeSections.usual,
    QUOTAS.episodePassages[kind],
  );
  const tags = [
    ...new Set(
      recapHits
        .flatMap((h) => h.passage.keywords.split(","))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];

  // A profile only joins an answer when it matches most of the question (a shared word like "premium" is not enough).
  const unnamed = (h: Hit) => h.passage.kind === "company" && !named.some((c) => c.id === h.passage.companyId);
  // Deep research reads the profiles that cover the whole question, then those that cover each of its
  // parts: a research question's figures ("how big the houses are", "who is positioned") are in them.
  const searchedHits = distinctSources(
    [
      ...relevant.filter((h) => unnamed(h) && h.coverage >= COVERAGE.profile),
      ...partProfiles.filter(unnamed),
      // Deep research on a thinly covered topic also reads the profiles of the companies in it.
      ...(thin ? hits.filter((h) => unnamed(h) && h.coverage >= RELATED_COVERAGE) : []),
    ],
    deep ? DEEP_PROFILES : 2,
  );

  // In a report, the companies the coverage names come first among those the search found: a report
  // on a topic places its players with their figures ("who the big houses are, how big they are").
  // So do the makers of the kinds of drink it asks about, first: they are who a report on a kind places.
  // A report on the players of a kind ("the big beer suppliers") places them first, largest first.
  const players = deep ? playersAsked(searched) : [];
  const inCoverage = deep
    ? [...new Set([...players, ...makersOf(searched), ...companiesInCoverage(index, [...recapHits, ...episodeHits])])]
        .filter((c) => !named.includes(c))
        .slice(0, DEEP_NAMED + players.length)
    : [];
  // One line per company: a profile may be found by the whole question and by one of its parts.
  // Beside a company the question names, another's profile is related only when it names that
  // company (its distributor, its buyer, its rival in a deal): sharing the question's words is not enough.
  const related = (h: Hit) => !named.length || namesAnyOf(index, h.passage, named);
  const companyHits = searchedHits.filter(
    (h, i) =>
      !inCoverage.some((c) => c.id === h.passage.companyId) &&
      searchedHits.findIndex((o) => o.passage.companyId === h.passage.companyId) === i &&
      related(h),
  );
  evidence = { terms, unknown, placesUnnamed, relevant, recapHits, episodeHits, companyHits, inCoverage, tags };
  EVIDENCE.set(context, evidence);
  return evidence;
}

/**
 * The hits with, within each source, the sections that give what the question aims at first (the
 * causes a recap lists for "why…?", its advice for "what should I do…?"); the sources keep their order.
 */
function aimedFirst(hits: Hit[], aim: QuestionAim | undefined): Hit[] {
  if (!aim) return hits;
  const { answeredBy } = QUESTION_AIMS.find((a) => a.name === aim)!;
  const gives = (h: Hit) => answeredBy.test(fold(`${h.passage.section ?? ""} ${h.passage.text}`));
  const sources = [...new Set(hits.map((h) => sourceOf(h.passage)))];
  return sources.flatMap((source) => {
    const own = hits.filter((h) => sourceOf(h.passage) === source);
    return [...own.filter(gives), ...own.filter((h) => !gives(h))];
  });
}

/** The company a profile hit is of. */
export const companyOf = (h: Hit): Company => COMPANIES.find((co) => co.id === h.passage.companyId)!;
