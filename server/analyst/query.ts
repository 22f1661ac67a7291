// Stage one of the analyst: a turn read once into a typed Query, which the router and the intents
// read instead of the raw text (docs/analyst.md). Reading is pure: it needs the hub's index for
// names and words, the conversation so far and the clock, never the answer.
import { z } from "zod";
import { SERIES_NAME } from "#common/podcast/podcast-text.ts";
import { fold } from "#common/content/fold.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { countAsked, FACT_INTENTS, positionIn, tableAsked } from "./company-facts.ts";
import { brandOwners, escapeRegExp, namesIn, slotNames } from "./company-names.ts";
import type { ConversationContext } from "./conversation-context.ts";
import { asksCoverage } from "./intents/coverage/coverage-answer.ts";
import { asksLabels } from "./intents/labels/label-words.ts";
import { asksImports } from "./intents/imports/import-words.ts";
import { asksFilings } from "./intents/filings/filing-words.ts";
import type { HubIndex } from "./hub-index.ts";
import { marketDataIntent, type MarketTake } from "./intents/market-data/market-data-intent.ts";
import { marketQuerySchema } from "./intents/market-data/market-query.ts";
import { COMPARED_MEASURES } from "./lexicon/comparatives.ts";
import { drinksIn } from "./lexicon/drinks.ts";
import { placesIn } from "./lexicon/places.ts";
import { QUESTION_AIMS } from "./lexicon/question-aims.ts";
import { ASKS_LATEST, ASKS_PODCAST, FOLLOW_UP_SHAPE } from "./lexicon/turn-cues.ts";
import { periodIn } from "./question-dates.ts";
import { asksListed, categoriesAsked, measureAsked, ranksBrands } from "./ranking-filters.ts";
import { readTurn, type Turn } from "./read-turn.ts";
import { stateIn } from "./us-states.ts";

/** The intents a turn is routed to, in the order the router tries them (docs/analyst.md). */
export const QUERY_INTENTS = [
  "coverage",
  "labels",
  "filings",
  "imports",
  "data-series",
  "brand-owner",
  "place",
  "carriers",
  "ranking",
  "compare",
  "fact",
  "brand-ranking",
  "podcast-list",
  "published",
  "report",
  "topic",
] as const;
export type QueryIntent = (typeof QUERY_INTENTS)[number];

export const SERIES = Object.values(SERIES_NAME);
const BRANDS = brandOwners(COMPANIES);

const periodSchema = z.object({ label: z.string(), from: z.string(), to: z.string(), said: z.string() });

export const querySchema = z.object({
  /** The question with misspelt names and words put right. */
  text: z.string(),
  intent: z.enum(QUERY_INTENTS),
  /** The company facts asked for (owner, founded, size…), in the order the fact patterns list them. */
  facts: z.array(z.enum(FACT_INTENTS)),
  /** The companies the turn is about (named, or carried from the turn before), by id. */
  companies: z.array(z.number().int()),
  /** The brands it asks the owner of. */
  brands: z.array(z.string()),
  /** Which of the companies has more or less of a measure, when it asks. */
  comparative: z.object({ measure: z.enum(COMPARED_MEASURES), more: z.boolean(), said: z.string() }).optional(),
  filters: z.object({
    /** A state the question names, by its code. */
    state: z.string().length(2).optional(),
    categories: z.array(z.enum(["beer", "wine", "spirits"])),
    listed: z.boolean(),
    period: periodSchema.optional(),
    /** The podcast series it names. */
    series: z.array(z.string()),
  }),
  /** A ranking's table, measure, count and one place asked for. */
  table: z.enum(["manufacturer", "distributor"]).optional(),
  measure: z.enum(["employees", "states", "cases", "share"]).optional(),
  count: z.number().int().optional(),
  position: z.union([z.number().int(), z.literal("last")]).optional(),
  /** What the turn asks about in the hub's coverage: its words, with a topic carried from the last turn. */
  topic: z.object({
    /** The text searched: the topic without the series' names and the words that date it. */
    searched: z.string(),
    /** The topic's terms the hub's index knows, each group a term and its synonyms. */
    terms: z.array(z.array(z.string())),
    /** Words of the question the hub never uses. */
    unknown: z.array(z.string()),
    /**
     * The U.S. places the question narrows its topic to ("tequila in Chicago"), as written: a filter
     * on the coverage found, not part of what is searched, so a place the hub names with other
     * topics, or never, does not sink a topic it covers.
     */
    places: z.array(z.string()),
    /** The kinds of drink it names (lexicon/drinks.json), by name, in its order. */
    drinks: z.array(z.string()),
    /** What kind of answer it aims at beyond the topic: its causes, or advice (lexicon/question-aims.json). */
    aim: z.enum(["reasons", "advice"]).optional(),
  }),
  podcast: z.boolean(),
  /** It asks for the newest items ("what's new?") rather than a topic. */
  latest: z.boolean(),
  /** What was carried from earlier turns. */
  carried: z.object({ companies: z.boolean(), facts: z.boolean(), topic: z.string() }),
  /** The turn read as a question on the market figures, when the figures may answer it. */
  market: z.object({ query: marketQuerySchema, route: z.enum(["figures", "beside", "fallback"]) }).optional(),
  deep: z.boolean(),
});
export type Query = z.infer<typeof querySchema>;

/** A turn read: the query, and the reading it was made from, which the intents still use. */
export interface Parsed {
  query: Query;
  turn: Turn;
  take: MarketTake | undefined;
}

/** The text a turn searches the hub for: without the series it names or, of the podcast, the words that name one. */
function searchedText(topic: string, podcast: boolean, saidPeriod: string | undefined): string {
  let searched = SERIES.reduce(
    (text, name) => text.replace(new RegExp(`\\b(?:the )?${fold(name).replace(/^the /, "")}\\b`, "gi"), " "),
    fold(topic),
  )
    // Of the podcast, "the daily one", "the weekly show" and "what is it called" name a series, not a topic.
    .replace(podcast ? /\b(?:daily|weekly|call(?:ed)?|named?|names|shows?|series)\b/g : /$^/, " ");
  // The words that date the question ("November 16") name no topic.
  if (saidPeriod) searched = searched.replace(fold(saidPeriod), " ");
  return searched;
}

/** A phrase as a pattern that matches it as whole words, every time. */
const wholeWords = (phrase: string) => new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(phrase)}(?![\\p{L}\\d])`, "gu");

/**
 * Whether a turn naming one company asks for its label approvals: in its own words, or as a
 * follow-up of a turn that did ("and Heaven Hill?") that asks no fact of its own.
 */
function asksLabelsOf(turn: Turn, context: ConversationContext): boolean {
  const text = fold(turn.text);
  return asksLabels(text) || (Boolean(context.labels) && FOLLOW_UP_SHAPE.test(text) && turn.intents.length === 0);
}

/**
 * Whether a turn asks for the import figures: in its own words, or as a follow-up of a turn that did
 * ("and Ireland?", "what about rum?") that asks no fact of its own.
 */
function asksImportsOf(turn: Turn, context: ConversationContext): boolean {
  const text = fold(turn.text);
  return asksImports(text) || (Boolean(context.imports) && FOLLOW_UP_SHAPE.test(text) && turn.intents.length === 0);
}

/**
 * Whether a turn naming one listed company asks for its figures as filed: in its own words, or as a
 * follow-up of a turn that did ("and Constellation?") that asks no fact of its own.
 */
function asksFilingsOf(turn: Turn, context: ConversationContext): boolean {
  const text = fold(turn.text);
  return asksFilings(text) || (Boolean(context.filings) && FOLLOW_UP_SHAPE.test(text) && turn.intents.length === 0);
}

/** Reads one turn of a conversation into a Query. */
export function parse(
  index: HubIndex,
  question: string,
  context: ConversationContext,
  options: { now: Date; deep: boolean; market: boolean; labels?: boolean; imports?: boolean; filings?: boolean },
): Parsed {
  const turn = readTurn(index, question, context);
  const { now, deep } = options;
  const topicText = fold(turn.topic);
  const podcast = ASKS_PODCAST.test(topicText);
  const period = periodIn(turn.text, now);
  // A place narrows the topic rather than being part of it (see places in the schema).
  const places = [...new Set(placesIn(slotNames(slotNames(turn.topic, index.aliases), BRANDS)))];
  const searched = places.reduce(
    (text, place) => text.replace(wholeWords(fold(place)), " "),
    searchedText(turn.topic, podcast, period?.said),
  );
  const terms = index.topicGroups(searched);
  const take = options.market
    ? marketDataIntent.read({
        text: turn.text,
        namesCompany: turn.companies.length > 0 || namesIn(turn.text, BRANDS).length > 0,
        topics: index.topicGroups(turn.text),
        knows: (word) => index.knows(word),
        ...(context.market ? { previous: context.market } : {}),
        now,
      })
    : undefined;
  const factRead = turn.read;
  const named = turn.companies.length > 0;
  const latest = !period && ASKS_LATEST.test(fold(turn.text));
  const intent: QueryIntent =
    turn.companies.length === 1 && asksCoverage(turn.text)
      ? "coverage"
      : options.labels && turn.companies.length === 1 && asksLabelsOf(turn, context)
        ? "labels"
        : options.filings &&
            !deep &&
            turn.companies.length === 1 &&
            turn.companies[0]!.secFiler &&
            asksFilingsOf(turn, context)
          ? "filings"
          : options.imports && !deep && turn.companies.length === 0 && asksImportsOf(turn, context)
            ? "imports"
            : take?.route === "figures"
              ? "data-series"
              : factRead
                ? factRead.shape
                : !named && !deep && ranksBrands(turn.text) && drinksIn(turn.text).length
                  ? "brand-ranking"
                  : podcast && !terms.length && !named
                    ? "podcast-list"
                    : (period || latest) && !terms.length && !named
                      ? "published"
                      : deep
                        ? "report"
                        : "topic";
  const state = stateIn(turn.text);
  const table = tableAsked(turn.text);
  const measure = measureAsked(turn.text);
  const count = countAsked(turn.text);
  const position = positionIn(turn.text);
  const aim = QUESTION_AIMS.find(({ asks }) => asks.test(fold(turn.text)))?.name;
  const query: Query = {
    text: turn.text,
    intent,
    facts: turn.intents,
    companies: turn.companies.map((c) => c.id),
    brands: turn.brands,
    ...(turn.comparative ? { comparative: turn.comparative } : {}),
    filters: {
      ...(state ? { state: state.code } : {}),
      categories: categoriesAsked(turn.text),
      listed: asksListed(turn.text),
      ...(period ? { period } : {}),
      series: SERIES.filter((name) => topicText.includes(fold(name).replace(/^the /, ""))),
    },
    ...(table ? { table } : {}),
    ...(measure ? { measure } : {}),
    ...(count !== undefined ? { count } : {}),
    ...(position !== undefined ? { position } : {}),
    topic: {
      searched: searched.replace(/\s+/g, " ").trim(),
      terms,
      unknown: index.unknownWords(searched),
      places,
      drinks: drinksIn(searched).map((kind) => kind.name),
      ...(aim ? { aim } : {}),
    },
    podcast,
    latest,
    carried: {
      companies: turn.carried,
      facts: turn.intents.length > 0 && context.intents.length > 0 && turn.intents === context.intents,
      topic: turn.before,
    },
    ...(take ? { market: take } : {}),
    deep,
  };
  return { query, turn, take };
}
