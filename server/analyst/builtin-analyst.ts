import { COMPANIES, type Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import {
  comparisonLead,
  comparisonTable,
  factIntents,
  playersAsked,
  rankOf,
  sizeFigure,
  type FactIntent,
} from "./company-facts.ts";
import { companyLink, profileUrl } from "./company-links.ts";
import { brandNamed, brandOwners, lookupText, NAME_SLOT, nameKey, namesIn, slotNames } from "./company-names.ts";
import { EMPTY_CONTEXT, type ConversationContext } from "./conversation-context.ts";
import { momentOf, partsSaying, passageAddress, SENTENCE_END, type Passage } from "./hub-corpus.ts";
import { sourceOf, termsOf, topicText, type Hit, type HubIndex } from "./hub-index.ts";
import { inPeriod, periodIn, type Period } from "./question-dates.ts";
import { parse, SERIES, type Parsed } from "./query.ts";
import { drinksIn, type DrinkKind } from "./lexicon/drinks.ts";
import { QUOTAS } from "./tuning.ts";
import { US_STATES } from "./us-states.ts";

export { readTurn } from "./read-turn.ts";

const {
  deepSources: DEEP_SOURCES,
  relatedCoverage: RELATED_COVERAGE,
  deepProfiles: DEEP_PROFILES,
  deepNamed: DEEP_NAMED,
  placePassages: PLACE_SOURCES,
} = QUOTAS;
const BRANDS = brandOwners(COMPANIES);

const SUGGESTIONS = [
  "What's trending in tequila in New York?",
  "Top RTD launches this quarter",
  "Premium spirits market slowdown analysis",
  "How is distributor consolidation changing route to market?",
];

const link = (p: Passage) => `[${p.section ? `${p.source}: ${p.section}` : p.source}](${passageAddress(p)})`;

/** The question's terms, each with its weight (1 unless given). */
type Asked = string[] | ReadonlyMap<string, number>;

/**
 * `text`, quoted from `passage`, with its citation of the part that says it: a transcript's moment
 * (where the words of `asked` are said, when given; else where the quote begins), or each run of a
 * profile's sentences cited to its part ("Heineken USA: Strategy"); else the passage.
 */
function cited(passage: Passage, text: string, asked?: Asked): string {
  const said = momentOf(passage, text, asked && weighing(asked));
  if (said) return `${text} (${link({ ...passage, section: said.section, url: said.url })})`;
  const runs = partsSaying(passage, text);
  if (runs) return runs.map((run) => `${run.text} (${link({ ...passage, section: run.part })})`).join(" ");
  return `${text} (${link(passage)})`;
}

/** A bullet quoting `text` from `passage`, cited to the parts that say it (see `cited`). */
const quote = (passage: Passage, text: string, asked?: Asked) => `- ${cited(passage, text, asked)}`;

/** A bullet of what a company's profile says, cited to its parts; to the profile itself for words of no one part. */
function profileBullet(index: HubIndex, company: Company, text: string): string {
  const profile = index.passagesOf(company.id)[0];
  return profile ? quote(profile, text) : `- ${text} (${companyLink(company)})`;
}

// A sentence's terms never change, and an answer reads every sentence of each passage it quotes:
// each is read once (the cache is emptied when it grows past any real corpus's sentences).
const SENTENCE_TERMS = new Map<string, Set<string>>();
function sentenceTerms(sentence: string): Set<string> {
  let words = SENTENCE_TERMS.get(sentence);
  if (!words) {
    if (SENTENCE_TERMS.size > 100_000) SENTENCE_TERMS.clear();
    SENTENCE_TERMS.set(sentence, (words = termsOf(sentence)));
  }
  return words;
}

const weightsOf = (terms: Asked): ReadonlyMap<string, number> =>
  Array.isArray(terms) ? new Map(terms.map((t) => [t, 1])) : terms;

/** How much of the question some words carry: the weights of its terms they hold. */
function weighing(terms: Asked): (text: string) => number {
  const weights = weightsOf(terms);
  return (text) => {
    const words = sentenceTerms(text);
    let weight = 0;
    for (const [t, w] of weights) if (words.has(t)) weight += w;
    return weight;
  };
}

/**
 * The sentences of a passage that carry the most of the question's terms. `terms` may weigh its
 * words: the words that measure a topic ("share", "sell") or carry it from the turn before count
 * for less, to choose between sentences on it. A sentence with the kind of figure the question
 * wants (`wants`: an amount, a year, a place) counts one term more.
 */
function bestSentences(passage: Passage, terms: Asked, count: number, wants?: RegExp): string {
  const weights = weightsOf(terms);
  const sentences = passage.text
    .split(SENTENCE_END)
    .map((s) => s.trim())
    // The demo's disclaimers ("a sample episode made for the Proofline demo") say nothing about the topic.
    .filter((s) => s.length > 25 && !/^sample\b|\bsample (?:episode|content)\b/i.test(s));
  if (!sentences.length) return passage.text;
  const scored = sentences.map((s, i) => {
    const words = sentenceTerms(s);
    let score = wants?.test(s) ? 1 : 0;
    for (const [t, w] of weights) if (words.has(t)) score += w;
    return { s, i, score };
  });
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .sort((a, b) => a.i - b.i);
  return chosen.map((c) => c.s).join(" ");
}

// A place, as a sentence names it: a state, or a city where one of the companies is based ("Louisville").
const PLACE_NAMES = new RegExp(
  `\\b(?:${[...US_STATES.map(([name]) => name), ...COMPANIES.map((c) => c.location.split(",")[0]!.trim())]
    .map((name) => name.replace(/[.,]/g, "\\$&"))
    .join("|")})\\b`,
);

const MONEY = /[$€£]\s?\d/;

/**
 * The kind of figure a question asks for, as a sentence that answers it writes it: "how much did
 * they pay", "the price tag" want an amount of money; "when", "what year", "how long" a year; "who
 * runs it" a person with their post; "how many" a number; "where" a place.
 */
function figureWanted(question: string): RegExp | undefined {
  const q = fold(question);
  if (
    /\bhow much\b|\bprice tag\b|\b(?:run|set) (?:them|him|her|us|you|it)(?: back)?\b|\b(?:cost|costs|paid|pay|spend|spent|invest(?:ed|ing|ment)?|valuation|worth)\b/.test(
      q,
    )
  )
    return MONEY;
  if (/\bwhen\b|\bwhat year\b|\bhow long\b|\bsince when\b/.test(q)) return /\b(?:1[89]|20)\d\d\b/;
  // "Who runs it?", "the guy behind that company", "their CEO": a person, named with their post.
  if (
    /\bwho (?:runs|leads|heads|is in charge|manages|founded|started)\b|\b(?:ceo|chief executive|president|chairman|founder|boss|guy|woman|man|person|people) (?:behind|at|of|running|who)\b|\b(?:their|its|the) (?:ceo|boss|chief executive|president|chairman|founder)\b/.test(
      q,
    )
  )
    return /\b(?:CEO|[Cc]hief [Ee]xecutive|[Pp]resident|[Cc]hair(?:man|woman)?|[Ff]ounder|founded by|led (?:from \w+ )?by|run by|headed by)\b/;
  if (/\bhow many\b/.test(q)) return /\d/;
  if (/\bwhere\b|\b(?:which|what) (?:town|city|state|plant|site|facility)\b/.test(q)) return PLACE_NAMES;
  return undefined;
}

function topicOf(question: string): string {
  const q = question.trim().replace(/[?.!]+$/, "");
  return q.length > 80 ? `${q.slice(0, 77)}…` : q;
}

/**
 * The best hits of up to `sources` distinct sources, at most `perSource` from each and `cap` in
 * all: every covering source gets its place before any one long recap (or one episode's many
 * moments) gets a second. They come grouped by source, in the order of each source's best hit.
 */
function distinctSources(hits: Hit[], sources: number, perSource = 1, cap = sources * perSource): Hit[] {
  const bySource = new Map<string, Hit[]>();
  for (const hit of hits) {
    const key = sourceOf(hit.passage);
    const taken = bySource.get(key);
    if (taken) taken.push(hit);
    else if (bySource.size < sources) bySource.set(key, [hit]);
  }
  const chosen = new Set<Hit>();
  for (let round = 0; round < perSource && chosen.size < cap; round++)
    for (const taken of bySource.values()) {
      if (chosen.size === cap) break;
      const hit = taken[round];
      if (hit) chosen.add(hit);
    }
  return [...bySource.values()].flat().filter((h) => chosen.has(h));
}

/**
 * The hits that cover a question: weak matches are not coverage. A hit must carry at least half
 * of the question's weight of terms (rare terms weigh more, so "NA beer" does not bring every
 * passage about beer), counted over its whole recap or episode, and score near the best of its
 * kind (a recap section is shorter than a profile). With a word the hub never uses, half is not
 * enough: "sake sales in Nevada" is not covered by Nevada.
 */
function coveringHits(index: HubIndex, query: string, hits: Hit[]): Hit[] {
  const best = new Map<string, number>();
  for (const h of hits) if (!best.has(h.passage.kind)) best.set(h.passage.kind, h.score);
  const unknown = index.unknownWords(query);
  const covers = (share: number) => (unknown.length ? share > 0.5 : share >= 0.5);
  const share = (h: Hit) => (h.passage.kind === "company" ? h.coverage : h.sourceCoverage);
  // The source that covers the most of the question is never dropped for scoring low: a recap that
  // names "mezcal" once is more on "mezcal as a base spirit" than one that says "spirits-based" ten times.
  const most = new Map<string, number>();
  for (const h of hits) most.set(h.passage.kind, Math.max(most.get(h.passage.kind) ?? 0, share(h)));
  return (
    hits
      .filter(
        (h) =>
          h.coverage > 0 &&
          covers(share(h)) &&
          (h.score >= best.get(h.passage.kind)! * 0.1 || share(h) >= most.get(h.passage.kind)!),
      )
      // Those covering more of it come first, by tenths of the question, then by score.
      .sort((a, b) => Math.round(10 * share(b)) - Math.round(10 * share(a)) || b.score - a.score)
  );
}

/**
 * Whether a question is about kinds of drink the hub has never named (by any of their words or their
 * narrower kinds'): each of its parts that names a topic names such a kind and no other. One part
 * on something the hub covers ("holiday gift packs and marzipan liqueur") is answered with the rest
 * said to be missing.
 */
function strangeDrinks(index: HubIndex, searched: string, drinks: string[]): boolean {
  if (!drinks.length) return false;
  const unnamed = (kind: DrinkKind) =>
    !kind.allWords.some((phrase) => phrase.split(" ").every((word) => index.knows(word)));
  const parts = clausesOf(index, searched);
  return (
    parts.length > 0 &&
    parts.every((part) => {
      const kinds = drinksIn(part);
      return kinds.length > 0 && kinds.every(unnamed);
    })
  );
}

/**
 * The covering hits, and after them the recaps and episodes that cover the rest of a question naming
 * a company, when the rest names a topic of its own: "is vodka losing steam? even Tito's looked flat"
 * is about vodka, which the recaps cover without naming Tito's; the company's name, weighed as part
 * of the topic, sank them.
 */
function besideNamed(index: HubIndex, searched: string, covering: Hit[], named: Company[], deep: boolean): Hit[] {
  if (!named.length) return covering;
  const rest = slotNames(searched, index.aliases).replaceAll(NAME_SLOT, " ");
  if (!index.topicGroups(rest).length) return covering;
  const found = new Set(covering.map((h) => h.passage));
  return [
    ...covering,
    ...coveringHits(index, rest, index.search(rest, deep ? 40 : 20, { perKind: true })).filter(
      (h) => h.passage.kind !== "company" && !found.has(h.passage),
    ),
  ];
}

/**
 * The covering hits narrowed to the sources that name the places a question asks about ("tequila in
 * Chicago"), when any recap or episode does; else its recaps and episodes, with the places unnamed.
 */
function inPlaces(index: HubIndex, places: string[], hits: Hit[]): { hits: Hit[]; unnamed: string[] } {
  if (!places.length) return { hits, unnamed: [] };
  const naming = new Set(
    places.flatMap((place) =>
      index
        .search(place, PLACE_SOURCES, { perKind: true })
        .filter((h) => h.coverage === 1)
        .map((h) => sourceOf(h.passage)),
    ),
  );
  // A profile names its company's places (its base, the states it covers): one that does not name
  // the place is about elsewhere. A recap or an episode that does not is still on the topic.
  const there = hits.filter((h) => naming.has(sourceOf(h.passage)));
  return there.some((h) => h.passage.kind !== "company")
    ? { hits: there, unnamed: [] }
    : { hits: hits.filter((h) => h.passage.kind !== "company"), unnamed: places };
}

/** Beside a part that asks for a fact the company data holds, the parts that ask for none, where they name a topic. */
function otherPart(index: HubIndex, question: string): string {
  const parts = clausesOf(index, question);
  const others = parts.filter((part) => !factIntents(part).length);
  return others.length < parts.length ? others.join(" ") : "";
}

/** The parts of a question that each name a topic: split at punctuation, "and", "or" and " - ". */
function clausesOf(index: HubIndex, question: string): string[] {
  return question
    .split(/[,;:?!./()]+|\s[-–—]\s|\b(?:and|or|plus|then|also)\b/i)
    .map((part) => part.trim())
    .filter((part) => index.topicGroups(part).length > 0);
}

/**
 * What a company's profile says on the question: its sentences that carry the question's topic
 * words other than the company's own names ("what share of wholesaling does RNDC have" → the
 * sentence with its market share); its recent developments when none does.
 */
function profileSays(index: HubIndex, company: Company, question: string, before = "", fromBefore = false): string {
  // A brand that alone names the company in this question only says which company ("where are White
  // Claw cans brewed?"). Beside the company's own name ("what did Heineken pay for Lagunitas?"), or
  // of a company carried from the last turn ("what did they pay for Patrón?"), it is what is asked about.
  const own = nameKey(company.name);
  const names = [...index.aliases].filter(([, ids]) => ids.includes(company.id)).map(([name]) => name);
  const isBrand = (name: string) => !own.includes(name);
  const words = lookupText(question);
  const brandsAsked = fromBefore || names.some((name) => !isBrand(name) && words.includes(` ${name} `));
  const ownNames = termsOf(names.filter((name) => !(brandsAsked && isBrand(name))).join(" "));
  const asked = index
    .topicGroups(question)
    .flat()
    .filter((t) => !ownNames.has(t));
  // Measure words count for less ("what share", "how many employees"): they choose between sentences on the topic.
  const measures = [...termsOf(topicText(question))].filter((t) => !ownNames.has(t) && !asked.includes(t));
  // So, for less still, does the topic carried from the turn before ("who owns Patrón?" → "what did
  // they pay for it?"), which must not outweigh this turn's own words ("where do they brew it?").
  const carried = [...termsOf(before)].filter((t) => !ownNames.has(t) && !asked.includes(t) && !measures.includes(t));
  const weights = new Map([
    ...asked.map((t) => [t, 1] as const),
    ...measures.map((t) => [t, 0.5] as const),
    ...carried.map((t) => [t, 0.25] as const),
  ]);
  const profile = index.passagesOf(company.id)[0];
  const fallback = company.profile?.recentDevelopments ?? company.profile?.overview ?? "";
  if (!profile || !weights.size) return fallback;
  const wants = figureWanted(question);
  const said = bestSentences(profile, weights, 2, wants);
  const answer = said !== profile.text && [...termsOf(said)].some((t) => weights.has(t)) ? said : fallback;
  // A price asked for a brand ("what did they pay for Grey Goose?") that the profile never gives beside
  // that brand is said to be missing, so another deal's price is not read as its price.
  if (wants === MONEY && brandsAsked) {
    const brandsIn = (text: string) =>
      namesIn(text, index.aliases)
        .filter((n) => n.id === company.id && isBrand(n.name))
        .map((n) => n.name);
    const brands = brandsIn(`${question} ${before}`);
    const priced = profile.text
      .split(SENTENCE_END)
      .some((s) => MONEY.test(s) && brandsIn(s).some((name) => brands.includes(name)));
    if (brands.length && !priced)
      return `The hub gives no price for ${brands.map((name) => brandNamed(company, name) ?? name).join(" or ")}. ${company.name}'s profile has: ${answer}`;
  }
  return answer;
}

/**
 * The companies a report's recaps and episodes name, by name or by a brand they own, in the order
 * the coverage names them: "led by Southern Glazer's, RNDC and Breakthru", "Sazerac bought SVEDKA".
 * A research question about a topic wants these companies' figures, which only their profiles hold.
 */
function companiesInCoverage(index: HubIndex, hits: Hit[]): Company[] {
  const ids: number[] = [];
  for (const h of hits) for (const id of namedIn(index, h.passage)) if (!ids.includes(id)) ids.push(id);
  return ids.map((id) => COMPANIES.find((c) => c.id === id)).filter((c): c is Company => Boolean(c));
}

// Reading a passage for every company and brand name is the slow part of a report; a passage's
// names never change, so each is read once.
const NAMED_IN = new WeakMap<Passage, number[]>();
function namedIn(index: HubIndex, passage: Passage): number[] {
  let ids = NAMED_IN.get(passage);
  if (!ids) {
    const text = `${passage.section ?? ""} ${passage.text}`;
    ids = [index.aliases, BRANDS].flatMap((table) => namesIn(text, table).map((n) => n.id));
    NAMED_IN.set(passage, ids);
  }
  return ids;
}

// The drinks a report may ask about by their kind ("tariff risk on cognac and Scotch", "agave for
// the big suppliers"), each with the words its makers' profiles use for it.
const REPORT_KINDS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/\b(?:cognac|brandy)\b/, /\b(?:cognac|brandy|hennessy|courvoisier)\b/g],
  [/\bscotch\b/, /\bscotch\b/g],
  [/\b(?:tequila|agave|mezcal)s?\b/, /\b(?:tequila|agave|mezcal)s?\b/g],
  [/\b(?:bourbon|rye|american whiske?y)s?\b/, /\b(?:bourbon|rye|american whiske?y)s?\b/g],
  [/\bvodkas?\b/, /\bvodkas?\b/g],
  [/\bgin\b/, /\bgin\b/g],
  [/\brums?\b/, /\brums?\b/g],
  [
    /\b(?:rtds?|canned cocktails?|ready[- ]to[- ]drink)\b/,
    /\b(?:rtds?|canned cocktails?|ready[- ]to[- ]drink|cocktails? in a can)\b/g,
  ],
  [/\b(?:hard )?seltzers?\b/, /\bseltzers?\b/g],
  [
    /\b(?:non[- ]?alc\w*|zero[- ]proof|no[- ]and[- ]low)\b/,
    /\b(?:non[- ]?alcoholic|zero[- ]proof|alcohol[- ]free|low[- ]abv)\b/g,
  ],
];

/**
 * The makers a report on a kind of drink should place: those whose profiles say the most about it
 * ("which suppliers are exposed to a duty on cognac" is who sells cognac), two for each kind asked.
 */
// What each maker's profile says, folded, read once: the words a kind of drink is counted in.
const MAKER_TEXTS = COMPANIES.filter((c) => c.type === "manufacturer").map((c) => ({
  c,
  text: fold(
    [
      c.keyBrands.join(" "),
      c.profile?.overview,
      c.profile?.marketPosition,
      c.profile?.strategy,
      c.profile?.recentDevelopments,
    ].join(" "),
  ),
}));

function makersOf(question: string): Company[] {
  const q = fold(question);
  const out: Company[] = [];
  for (const [asked, said] of REPORT_KINDS) {
    if (!asked.test(q)) continue;
    const counted = MAKER_TEXTS.map(({ c, text }) => ({ c, n: text.match(said)?.length ?? 0 }))
      .filter((x) => x.n >= 2)
      .sort((a, b) => b.n - a.n || rankOf(a.c) - rankOf(b.c));
    for (const { c } of counted.slice(0, 2)) if (!out.includes(c)) out.push(c);
  }
  return out;
}

/**
 * A company's line in a report: its size figure and market position (where it stands, which is what
 * a report placing the players needs: "a 16.9% share"), then what its profile says on the question.
 */
function reportLine(index: HubIndex, c: Company, terms: string[]): string {
  const standing = c.profile?.marketPosition ?? "";
  const profile = index.passagesOf(c.id)[0];
  const said = profile ? bestSentences(profile, terms, 2) : "";
  const size = sizeFigure(c).replace(/^\w/, (l) => l.toUpperCase());
  return `- ${companyLink(c)} (${c.location}): ${size}. ${standing}${said && !standing.includes(said) ? ` ${said}` : ""}`;
}

export interface AnalystReply {
  markdown: string;
  /** What this turn was about, for the next one. */
  about: Pick<ConversationContext, "companies" | "intents" | "topic">;
  /** Set when the hub has no coverage of the question ("No coverage yet"). */
  uncovered?: true;
}

/** Two or three questions the hub can answer next, about what this answer was about. */
function followUps(companies: Company[], asked: FactIntent[], tags: string[]): string[] {
  const out: string[] = [];
  const c = companies[0];
  if (c) {
    const offers: Array<[FactIntent, string]> = [
      [
        "brands",
        c.type === "manufacturer" ? `What are ${c.name}'s key brands?` : `Which suppliers does ${c.name} carry?`,
      ],
      ["size", `How big is ${c.name}?`],
      ["owner", `Who owns ${c.name}?`],
      ["headquarters", `Where is ${c.name} headquartered?`],
      ["founded", `When was ${c.name} founded?`],
    ];
    out.push(
      ...offers
        .filter(([intent]) => !asked.includes(intent))
        .slice(0, 2)
        .map(([, q]) => q),
    );
    const peers = COMPANIES.filter((p) => p.type === c.type && p.id !== c.id && !companies.includes(p));
    const peer = peers.sort((a, b) => Math.abs(rankOf(a) - rankOf(c)) - Math.abs(rankOf(b) - rankOf(c)))[0];
    if (peer) out.push(`Compare ${c.name} and ${peer.name}`);
  } else if (asked.includes("rank")) {
    out.push(
      "Who are the top 10 U.S. distributors?",
      "What is the biggest distributor in Texas?",
      "Who are the largest U.S. beverage alcohol manufacturers?",
    );
  } else {
    out.push(...tags.slice(0, 2).map((t) => `What did the recaps say about ${t}?`));
    out.push("Who are the largest U.S. distributors?");
  }
  return out.slice(0, 3);
}

const followUpBlock = (questions: string[]) =>
  questions.length ? ["", "**You could also ask**", "", ...questions.map((q) => `- ${q}`)] : [];

/**
 * The embedded analyst: answers questions about the Top Players from their data,
 * and everything else from the hub's own recaps, company profiles and episodes,
 * in markdown that links every point to its source. Deep research retrieves more
 * and writes a longer, sectioned report.
 */
export function analystAnswer(
  index: HubIndex,
  question: string,
  deep: boolean,
  options: { context?: ConversationContext; now?: Date; parsed?: Parsed } = {},
): AnalystReply {
  const now = options.now ?? new Date();
  // A caller that has read the turn already (the provider, to route it) passes its reading.
  const { query, turn } =
    options.parsed ?? parse(index, question, options.context ?? EMPTY_CONTEXT, { now, deep, market: false });
  const { companies: named, intents, facts } = turn;
  const about = {
    companies: turn.subjects.map((c) => c.id),
    intents,
    ...(turn.brands.length ? { topic: turn.brands.join(" ") } : {}),
  };
  // An answer from the company data needs no search, except a comparison, which adds the hub's coverage.
  if (facts && !intents.includes("compare")) {
    // A question of two parts, one a fact the data holds and one not ("how many states are they in,
    // and what did they pick up in New England?"), hears the profile on the other part.
    const rest = named.length === 1 ? otherPart(index, turn.text) : "";
    const more = rest ? profileSays(index, named[0]!, rest, "", turn.carried) : "";
    return {
      markdown: [
        facts,
        ...(more && !facts.includes(more)
          ? ["", "**What the profile says**", "", profileBullet(index, named[0]!, more)]
          : []),
        ...followUpBlock(followUps(named, intents, [])),
      ]
        .join("\n")
        .trim(),
      about,
    };
  }

  // A question about the podcast reads the episodes first, of the series it names; the series is a filter, not a topic.
  const { podcast, latest } = query;
  const { series, period: asked } = query.filters;
  const { searched, places } = query.topic;
  const inSeries = (p: Passage) => !series.length || series.includes(p.keywords);
  // Deep research reads each part of a question of several on its own (see below). A period named in
  // one part of it ("the state rules, what launched this quarter") dates that part, not the others.
  // A question about kinds of drink the hub has never named is outside its coverage, whatever else it names.
  const strange = strangeDrinks(index, searched, query.topic.drinks);
  const parts = deep && !strange ? clausesOf(index, searched) : [];
  const partPeriods = parts.map((part) => periodIn(part, now));
  const period = parts.length >= 2 && partPeriods.some((p) => !p) ? undefined : asked;
  const within = (when: Period | undefined) => (h: Hit) =>
    !when || h.passage.kind === "company" || inPeriod(h.passage.date, when);
  const topical = {
    ...about,
    ...(index.topicGroups(searched).length && !named.length ? { topic: turn.topic.slice(-500) } : {}),
  };

  if (podcast && !index.topicGroups(searched).length && !named.length) {
    const episodes = index.passages
      .filter((p) => p.kind === "episode" && !p.section && inSeries(p) && (!period || inPeriod(p.date, period)))
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""))
      .slice(0, deep ? 20 : 10);
    if (episodes.length)
      return {
        markdown: [
          `## ${series.length ? series.join(" and ") : "The Spirits Signal"}: the episodes${period ? ` published ${period.label}` : ""}, newest first`,
          "",
          // Asked about the podcast as a whole ("what are the shows called?"), the answer names its series.
          ...(series.length
            ? []
            : [`The Spirits Signal has two series: ${SERIES.map((s) => `**${s}**`).join(" and ")}.`, ""]),
          ...episodes.map((p) => `- ${link(p)} (${p.date}, ${p.keywords}): ${bestSentences(p, [], 1)}`),
          "",
          // One or two episodes asked for by their date are told in their own words: how each opens.
          ...(episodes.length <= 2
            ? episodes.flatMap((p) => {
                const opening = index.passages.find(
                  (t) => t.kind === "episode" && t.section && sourceOf(t) === sourceOf(p),
                );
                return opening ? [`**${p.source}**`, "", quote(opening, bestSentences(opening, [], 3)), ""] : [];
              })
            : []),
          "Browse every episode on [The Spirits Signal](/podcast).",
        ].join("\n"),
        about,
      };
  }

  // Each kind is retrieved on its own, so long company profiles cannot crowd a topic's recaps out.
  const hits = index.search(searched, deep ? 40 : 20, { perKind: true });
  const terms = [...new Set(hits.flatMap((h) => h.terms))];
  const unknown = index.unknownWords(searched);
  const { hits: relevant, unnamed: placesUnnamed } = inPlaces(
    index,
    places,
    strange ? [] : besideNamed(index, searched, coveringHits(index, searched, hits), named, deep),
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
      const profilesByPart = byPart.map((found) => found.filter((h) => h.passage.kind === "company").slice(0, 3));
      for (let round = 0; round < 3; round++)
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
    dated.filter((h) => h.passage.kind === "recap"),
    QUOTAS.recaps[kind],
    !deep && recapsCovering === 1 ? QUOTAS.recapSections.alone : QUOTAS.recapSections.usual,
    QUOTAS.recapPassages[kind],
  );
  // A question for the podcast hears what was said as well as what the episode is about: its
  // description and its best transcript moment, which rank close (the description is short).
  const episodeHits = distinctSources(
    dated.filter((h) => h.passage.kind === "episode" && inSeries(h.passage)),
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

  // Deep research on companies compared is a report on what the hub says of them, with their numbers in it.
  if (facts && !deep) {
    // Numbers come from the data; for a comparison, the hub's coverage of the companies follows.
    const names = named.map((c) => fold(c.name.split(" ")[0]!));
    const coverage = recapHits
      .filter((h) => names.some((n) => fold(`${h.passage.section ?? ""} ${h.passage.text}`).includes(n)))
      .slice(0, 2);
    const lines = [facts];
    if (coverage.length)
      lines.push(
        "",
        "**What the hub says**",
        "",
        ...coverage.map((h) => quote(h.passage, bestSentences(h.passage, terms, 2), terms)),
      );
    lines.push(...followUpBlock(followUps(named, intents, tags)));
    return { markdown: lines.join("\n").trim(), about };
  }

  // "What happened last month?", "what's the latest recap about?": nothing to search for but the period
  // or the news itself, so the answer is what was published (in the period), newest first.
  if ((period || latest) && !index.topicGroups(searched).length && !named.length) {
    const published = index.passages
      .filter(
        (p) => p.kind !== "company" && (!period || inPeriod(p.date, period)) && (p.kind === "episode" || !p.section),
      )
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
    const items = distinctSources(
      published.map((passage) => ({ passage, score: 0, terms: [], coverage: 1, sourceCoverage: 1 })),
      deep ? 20 : 10,
    );
    if (items.length) {
      const lines = period
        ? [
            `## Published ${period.label}`,
            "",
            `What the hub published ${period.label} (${period.from} to ${period.to}), newest first:`,
            "",
          ]
        : ["## The latest from the hub", "", "The newest recaps and episodes, newest first:", ""];
      lines.push(...items.map((h) => `- ${link(h.passage)} (${h.passage.date}): ${bestSentences(h.passage, [], 1)}`));
      lines.push(
        ...followUpBlock(
          followUps(
            [],
            [],
            tags.length
              ? tags
              : items
                  .filter((h) => h.passage.kind === "recap")
                  .flatMap((h) => h.passage.keywords.split(",").map((t) => t.trim()))
                  .filter(Boolean),
          ),
        ),
      );
      return { markdown: lines.join("\n").trim(), about };
    }
  }

  // A profile only joins an answer when it matches most of the question (a shared word like "premium" is not enough).
  const unnamed = (h: Hit) => h.passage.kind === "company" && !named.some((c) => c.id === h.passage.companyId);
  // Deep research reads the profiles that cover the whole question, then those that cover each of its
  // parts: a research question's figures ("how big the houses are", "who is positioned") are in them.
  const searchedHits = distinctSources(
    [
      ...relevant.filter((h) => unnamed(h) && h.coverage >= 0.75),
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
  const related = (h: Hit) => !named.length || namedIn(index, h.passage).some((id) => named.some((c) => c.id === id));
  const companyHits = searchedHits.filter(
    (h, i) =>
      !inCoverage.some((c) => c.id === h.passage.companyId) &&
      searchedHits.findIndex((o) => o.passage.companyId === h.passage.companyId) === i &&
      related(h),
  );

  if (!named.length && !recapHits.length && !episodeHits.length && !companyHits.length) {
    const dated = period ? relevant.filter((h) => h.passage.kind !== "company" && h.passage.date) : [];
    const when = dated.length ? ` dated ${period!.label} (${period!.from} to ${period!.to})` : "";
    // The period holds nothing, but the topic is covered at other times: the newest of it, so the
    // reader of a hub that has not published lately (or of the demo as it ages) is not left with nothing.
    const latest = dated.reduce<Hit | undefined>(
      (best, h) => (!best || h.passage.date! > best.passage.date! ? h : best),
      undefined,
    );
    return {
      markdown: [
        `## No coverage yet`,
        ``,
        `The hub has no coverage of “${topicOf(question)}”${when} yet: nothing in the weekly recaps, the Top Players profiles or the podcast matches it.`,
        ...(latest ? [``, `The latest it has on this is dated ${latest.passage.date}: ${link(latest.passage)}.`] : []),
        ``,
        `You could ask about:`,
        ...SUGGESTIONS.map((s) => `- ${s}`),
        ``,
        `Or browse the [Weekly News Recap](/recap), the [Top Players](/explorer) and [The Spirits Signal](/podcast).`,
      ].join("\n"),
      about,
      uncovered: true,
    };
  }

  const lines: string[] = [`## ${topicOf(question)}`, ""];
  if (period) lines.push(`From the recaps and episodes dated ${period.label} (${period.from} to ${period.to}).`, "");
  // A place no covering source names narrows nothing: said, and the rest answered ("tequila in Chicago").
  if (placesUnnamed.length)
    lines.push(
      `The hub has no ${placesUnnamed.map((place) => `${place}-specific`).join(" or ")} coverage of this; on the rest of the question it says:`,
      "",
    );
  // Said plainly when part of the question is something the hub never mentions, so the rest is not taken for it.
  if (unknown.length)
    lines.push(
      `Nothing in the hub mentions ${unknown.map((w) => `“${w}”`).join(" or ")}; this is what it has on the rest of the question.`,
      "",
    );
  if (podcast && !episodeHits.length) lines.push("No episode covers this yet; the recaps do.", "");
  const wants = figureWanted(searched);
  const point = (hit: Hit) => quote(hit.passage, bestSentences(hit.passage, terms, 3, wants), terms);

  if (!deep) {
    const summaryHits = podcast ? [...episodeHits, ...recapHits] : [...recapHits, ...episodeHits];
    if (summaryHits.length) lines.push("**What the hub says**", "", ...summaryHits.map(point), "");
    // Companies named together ("Diageo or Pernod, who's holding up better?") are set side by side; a
    // company carried from the last turn beside one this turn names ("didn't they fall out with
    // RNDC?") is asked about with it, so each is quoted on the question.
    if (named.length >= 2 && (intents.includes("compare") || !turn.carried))
      lines.push("**How they compare**", "", comparisonTable(named), "");
    else
      for (const c of named)
        lines.push(
          `**${c.name}**`,
          "",
          profileBullet(index, c, profileSays(index, c, turn.text, turn.before, turn.carried)),
          "",
        );
    if (companyHits.length && named.length < 2) lines.push("**Companies involved**", "", ...companyHits.map(point), "");
  } else {
    const lead = recapHits[0] ?? episodeHits[0] ?? companyHits[0];
    lines.push(
      "### Summary",
      "",
      lead
        ? cited(lead.passage, bestSentences(lead.passage, terms, 2), terms)
        : `The hub's coverage of ${named.map((c) => c.name).join(" and ")} is below.`,
      "",
    );
    const further = recapHits.filter((h) => h !== lead);
    lines.push(
      "### What the recaps say",
      "",
      ...(further.length
        ? further.map(point)
        : recapHits.length
          ? recapHits.map(point)
          : ["- No recap covers this directly yet."]),
      "",
    );
    lines.push("### Companies involved", "");
    if (named.length >= 2) lines.push(comparisonLead(named), "", comparisonTable(named), "");
    // A company the question names is placed by its market position; one the search found, by what
    // its profile says on the question, figures and all.
    lines.push(
      ...named.map(
        (c) => `- ${companyLink(c)} (${c.location}): ${c.profile?.marketPosition ?? c.keyBrands.join(", ")}`,
      ),
      ...inCoverage.map((c) => reportLine(index, c, terms)),
      ...companyHits.map((h) => {
        const c = COMPANIES.find((co) => co.id === h.passage.companyId)!;
        return `- ${companyLink(c)} (${c.location}): ${bestSentences(h.passage, terms, 3)}`;
      }),
      ...(named.length || inCoverage.length || companyHits.length
        ? []
        : ["- No Top Players company is named in the coverage."]),
      "",
    );
    lines.push(
      "### Podcast coverage",
      "",
      ...(episodeHits.length ? episodeHits.map(point) : ["- No episode covers this yet."]),
      "",
    );
  }

  const sources = distinctSources([...recapHits, ...episodeHits, ...companyHits], 12).map(
    // A source is listed by its own address: a recap's, not one of its sections'.
    (h) => ({ ...h.passage, section: undefined, anchor: undefined }) as Passage,
  );
  for (const c of [...named, ...inCoverage])
    if (!sources.some((p) => p.url === profileUrl(c))) sources.push(index.passagesOf(c.id)[0]!);
  lines.push(
    deep ? "### Sources" : "**Sources**",
    "",
    ...sources.filter(Boolean).map((p) => `- ${link(p)}${p.date ? ` (${p.date})` : ""}`),
  );
  lines.push(...followUpBlock(followUps(named, intents, tags)));
  return { markdown: lines.join("\n").trim(), about: topical };
}
