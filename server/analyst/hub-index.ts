import MiniSearch, { type SearchResult } from "minisearch";
import { stemmer } from "stemmer";
import { sql, type Kysely } from "kysely";
import { COMPANIES } from "../content/companies.server.ts";
import type { DB } from "../db/schema.ts";
import { everyEpisode } from "../data/episodes.server.ts";
import { everyRecap } from "../data/recaps.server.ts";
import { fold } from "#common/content/fold.ts";
import { companyAliases, correctNames, correctSpelling } from "./company-names.ts";
import { CONVERSATION_PHRASES } from "./lexicon/conversation.ts";
import { TRADE_PHRASES } from "./lexicon/trade-phrases.ts";
import { NARROWER_KINDS } from "./lexicon/drinks.ts";
import { questionWords, verbsOf } from "./lexicon/question-words.ts";
import { SYNONYM_GROUPS } from "./lexicon/synonyms.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { SEARCH, WEIGHTS } from "./tuning.ts";
import { US_STATES } from "./us-states.ts";
import { companyPassage, episodePassage, recapPassages, transcriptPassages, type Passage } from "./hub-corpus.ts";

// Words too common in questions to rank by, and the words of conversation around a topic
// (lexicon/question-words.json, "stop").
const STOP_WORDS = new Set(questionWords("stop"));

// Phrases of conversation that would otherwise bring topic words with them ("the deal with",
// "these days", "up or down"): dropped from a question, never from the hub's text, where
// "the deal with Diageo" is news (lexicon/conversation.json).
const CONVERSATION = CONVERSATION_PHRASES;

// Words that ask which way a topic moves, how it measures or what shape it takes: they rank
// passages but weigh nothing in coverage (lexicon/question-words.json, "measure").
const MEASURE_WORDS = new Set(questionWords("measure"));

// Everyday English, which names a topic only where the hub's own topic words use it
// (lexicon/question-words.json, "everyday").
const EVERYDAY_WORDS = questionWords("everyday");

// Trade phrases written several ways, made one token before indexing and searching
// (lexicon/trade-phrases.json), then the rules that are more than a phrase: one that keeps the word
// after it, one that reads a state's postal code, and the price ranges.
const STATE_BY_CODE = new Map(US_STATES.map(([name, code]) => [code, name]));
const PHRASES: ReadonlyArray<readonly [RegExp, string | ((match: string) => string)]> = [
  ...TRADE_PHRASES,
  // "N/A" is also "not applicable": it is non-alcoholic only before a kind of drink or product, which stays.
  [
    /\bn\/a (?=spirits?|beers?|wines?|drinks?|beverages?|cocktails?|options?|products?|brands?|sets?)/g,
    " nonalcoholic ",
  ],
  // A state by its postal code ("tequila in ny", "Dallas, TX"), where the code is no English word.
  [
    /\b(?:ny|nj|tx|fl|nc|sc|nv|az|ky|tn|ct|nh|ri|vt|wv|nm)\b/g,
    (code: string) => ` ${STATE_BY_CODE.get(code.toUpperCase())?.toLowerCase() ?? code} `,
  ],
  // A price range or a bottle by its price is a price tier: "$25-$40 band", "$60+ bottles".
  [
    /\$\d+\+?(?:\s*(?:-|–|to)\s*\$\d+)?(?=\s+(?:bands?|tiers?|shelf|shelves|bottles?|skus?|items?|price))|\$\d+\s*(?:-|–)\s*\$\d+/g,
    " $& pricetier ",
  ],
  // "The 25-40 buck range", "30 to 40 dollars": a price tier written without the dollar signs.
  [/\b(\d+)\s*(?:-|–|to)\s*(\d+)\s*(?:bucks?|dollars?|usd)\b/g, " $$$1-$$$2 pricetier "],
];

// A price tier is a price, whatever a reader calls the band ("the value tier", "the premium segment",
// "the $25-$40 price point"): the recaps write "value-priced premium", and "tier" alone means the
// three-tier system.
const PRICE_TIER =
  /\b((?:super|ultra)[- ]premium|premium|value|luxury|standard|mid|economy|budget|entry|high|low)(?:[- ]level)?(?:[- ]priced?)? (?:price )?(?:tiers?|segments?|end|price points?|price bands?|shelf)\b|\bprice (?:tiers?|points?|bands?|segments?)\b/g;

// Words the trade uses for the same thing (lexicon/synonyms.json), by their stems: a question with
// one finds passages with another.
const SYNONYMS: ReadonlyArray<readonly string[]> = SYNONYM_GROUPS.map((group) => [
  ...new Set(group.map((word) => stemmer(word))),
]);

// A kind of drink covers its narrower kinds, not the other way (lexicon/drinks.json): "whiskey"
// finds bourbon and Scotch, "agave" finds tequila and mezcal, "brandy" finds Cognac; a question on
// bourbon is not covered by Scotch.
const MEMBERS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  NARROWER_KINDS.flatMap(({ words, members }) =>
    words.map((word) => [stemmer(word), [...new Set(members.map((member) => stemmer(member)))]] as const),
  ),
);

const normalizePhrases = (text: string) =>
  PHRASES.reduce((t, [pattern, token]) => t.replace(pattern, token as string), fold(text));
const tokenize = (text: string) =>
  normalizePhrases(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** A word as the index holds it: folded, stemmed; stop words dropped. */
function term(word: string): string | null {
  const folded = fold(word);
  // A letter alone ("w/", "what's" split at its apostrophe) is no word.
  return STOP_WORDS.has(folded) || /^\p{L}$/u.test(folded) ? null : stemmer(folded);
}
/** The index terms of a piece of text. */
export const termsOf = (text: string) =>
  new Set(
    tokenize(text)
      .map(term)
      .filter((t): t is string => Boolean(t)),
  );
const SYNONYM_STEMS = new Set([...SYNONYMS.flat(), ...Object.values(MEMBERS).flat()]);
const synonymsOf = (stem: string): string[] => {
  const group = SYNONYMS.find((g) => g.includes(stem)) ?? [stem];
  return [...new Set([...group, ...group.flatMap((g) => MEMBERS[g] ?? [])])];
};

// "A spirit-based can", "vodka-based cans": a reader's canned cocktail, named by its base. Read on the
// question's side only: the recaps already call it a canned cocktail or an RTD.
const BASED_CAN = /\b(spirits?|vodka|tequila|whiske?y|rum|gin|malt|wine)[- ]based cans?\b/g;

/** A question without its conversation: what is left names the topic. */
export function topicText(query: string): string {
  const q = fold(query)
    .replace(/[’‘]/g, "'")
    // "RTDs are eating seltzer's lunch": one takes the other's share; the two are the topic, the idiom is not.
    .replace(/\beat(?:s|ing|en)? ((?:[\w-]+ ){0,3}?[\w-]+(?:'s|s')) lunch\b/g, " $1 ");
  return CONVERSATION.reduce((t, pattern) => t.replace(pattern, " "), q)
    .replace(BASED_CAN, " $1 base rtd ")
    .replace(PRICE_TIER, (_, tier: string | undefined) => ` ${tier ?? ""} price tier `);
}

// An adverb says how, not about what ("basically", "honestly", "realistically"): a long word in -ly,
// though not the few nouns that end so ("monopoly", "assembly", "supply").
const ADVERB = /^(?!\w*(?:poly|mbly|pply)$)\p{L}{5,}ly$/u;

const MEASURE_STEMS = new Set([...MEASURE_WORDS].map((w) => stemmer(w)));
// A stop word's other forms ("gets", "looked", "saying") are everyday words too.
const EVERYDAY_STEMS = new Set([...EVERYDAY_WORDS, ...STOP_WORDS].map((w) => stemmer(w)));
// A headline's verbs ("Canned Cocktails Go Spirits-Based", "Non-Alc Finds Its Shelf") make no topic of the everyday verb.
const VERB_STEMS = new Set(verbsOf("everyday").map((w) => stemmer(w)));

interface QueryTerm {
  stem: string;
  group: string[];
  word: string;
  /** False for a word that only measures a topic ("growing", "sales"). */
  topic: boolean;
}

/** A question's terms, each with the synonyms that count as it, and whether it names the topic or only a measure of it. */
function queryTerms(query: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const word of tokenize(topicText(query))) {
    const stem = term(word);
    if (!stem || seen.has(stem)) continue;
    // Two words of one synonym group ("the supply glut - inventories") are one topic term: counted
    // twice, they would weigh the topic double and sink every source that names it once.
    const group = synonymsOf(stem);
    group.forEach((g) => seen.add(g));
    seen.add(stem);
    out.push({ stem, group, word, topic: !MEASURE_STEMS.has(stem) });
  }
  return out;
}

/** The question's topic terms, each with the synonyms that count as it (empty when it names no topic). */
export function queryGroups(query: string): string[][] {
  return queryTerms(query)
    .filter((t) => t.topic)
    .map((t) => t.group);
}

// The words that ask for a fact or a kind of source, which a misspelling should still find.
const TRADE_WORDS =
  "distributor distributors wholesaler wholesalers manufacturer manufacturers headquarters headquartered founded biggest largest episode episodes podcast".split(
    " ",
  );

// The parts the trade's companies play ("suppliers", "brands") weigh half (lexicon/question-words.json, "role").
const ROLE_STEMS = new Set(questionWords("role").map((w) => stemmer(w)));
const ROLE_WEIGHT = WEIGHTS.role;

// A word the hub never uses has no measurable rarity (its count is zero). Weighed as rare as the
// corpus allows, one stray word would sink a topic every recap covers; weighed as nothing, "sake
// sales in Nevada" would be covered by whatever mentions Nevada. It weighs as the question's rarest
// known word; the analyst then asks for more than half (see builtin-analyst.ts), so one unknown
// word outweighs one known word, and two known words outweigh it.
const UNKNOWN_WEIGHT = WEIGHTS.unknown;

/**
 * The words a passage is known by rather than the words it uses: a recap's headline and tags, an
 * episode's title and series, a company's name, base and brands. A distributor's "brands" are often
 * descriptions ("Service to grocery stores, taverns and restaurants"), so only short ones count.
 */
function topicWordsOf(p: Passage): string {
  if (p.kind !== "company") return `${p.source} ${p.keywords}`;
  const company = COMPANIES.find((c) => c.id === p.companyId);
  if (!company) return p.source;
  return [company.name, company.location, ...company.keyBrands.filter((b) => b.split(" ").length <= 4)].join(" ");
}

/** Whether two passages are one source: an episode's moments are the episode. */
export const sourceOf = (p: Passage) => p.url.replace(/#.*$/, "");

export interface Hit {
  passage: Passage;
  score: number;
  /** The passage's words that matched. */
  terms: string[];
  /** The share of the question's topic this passage matches, each term weighed by its rarity. */
  coverage: number;
  /** The same share over every retrieved passage of its source: a recap may name the topic in one section and the rest in another. */
  sourceCoverage: number;
}

export interface HubIndex {
  /**
   * The best hits for a question, best first. With `perKind`, `limit` applies to recaps, profiles
   * and episodes each, so fifty long company profiles cannot crowd the recaps out of a topic's answer.
   */
  search(query: string, limit: number, options?: { perKind?: boolean }): Hit[];
  /** The question with misspelt names and topic words put right ("teqila" → "tequila", "diagio" → "diageo"). */
  correct(question: string): string;
  /** Whether the hub uses a word (as its stem), spelt as given. */
  knows(word: string): boolean;
  /** The topic words of a question that nothing in the hub contains, misspellings put right. */
  unknownWords(query: string): string[];
  /** The question's terms that name a topic to this hub, each with its synonyms (empty when it names none). */
  topicGroups(query: string): string[][];
  passagesOf(companyId: number): Passage[];
  passages: Passage[];
  aliases: Map<string, number[]>;
}

/** BM25 (MiniSearch) over every recap section, company profile and episode description. */
export function buildHubIndex(passages: Passage[]): HubIndex {
  const search = new MiniSearch<Passage>({
    idField: "id",
    fields: ["source", "section", "text", "keywords"],
    storeFields: ["id", "kind"],
    tokenize,
    processTerm: term,
    // Queries arrive as stems already (queryGroups): searching takes them as they are.
    searchOptions: {
      tokenize: (text) => text.split(" "),
      processTerm: (t) => t,
      boost: { ...SEARCH.boost },
      prefix: (t) => t.length >= SEARCH.prefixFrom,
      fuzzy: (t) => (t.length >= SEARCH.fuzzyFrom ? SEARCH.fuzzy : false),
      combineWith: "OR",
    },
  });
  search.addAll(passages);
  const byId = new Map(passages.map((p) => [p.id, p]));
  // A report reads several companies' profiles per answer: each company's passages, found once.
  const byCompany = new Map<number, Passage[]>();
  for (const p of passages)
    if (p.companyId !== undefined) byCompany.set(p.companyId, [...(byCompany.get(p.companyId) ?? []), p]);
  // A term's weight depends only on the index, which never changes: count its passages once.
  const stats = new Map<string, { weight: number; known: boolean }>();
  const statsOf = (group: string[]) => {
    const key = group.join(" ");
    let s = stats.get(key);
    if (!s) {
      // A word is known by its stem; failing that, as the start of a longer stem of at least five
      // letters, which the search itself matches ("wholesaling" stems to "wholes", "wholesaler" to "wholesal").
      const df =
        search.search(key, { prefix: false, fuzzy: false }).length ||
        search.search(key, { prefix: (t) => t.length > 4, fuzzy: false }).length;
      stats.set(key, (s = { weight: Math.log(1 + passages.length / Math.max(df, 1)), known: df > 0 }));
    }
    return s;
  };
  // A misspelt word is put right to a word of the hub's topics: the recaps' headlines and tags, the
  // episodes' titles, the companies' and brands' names, and the words that ask for a fact. Not to any
  // word of the corpus, where "formats" is one letter from "Forman" and "Germany" two from "Germain".
  // The months too, which date a question ("the episode from novmber 16").
  const vocabulary = new Set([
    ...TRADE_WORDS,
    ..."january february march april june july august september october november december".split(" "),
  ]);
  // The same words, every length, as stems: an everyday word among them names a topic here ("Shelf",
  // "Cooler", "More States").
  const topicStems = new Set(TRADE_WORDS.map((w) => stemmer(w)));
  const seen = new Set<string>();
  for (const p of passages) {
    if (seen.has(p.url)) continue;
    seen.add(p.url);
    for (const word of fold(`${p.source} ${p.keywords}`).split(/[^\p{L}]+/u))
      if (word.length >= 5) vocabulary.add(word);
    for (const word of tokenize(topicWordsOf(p))) if (!VERB_STEMS.has(stemmer(word))) topicStems.add(stemmer(word));
  }
  // And the words the recaps and episodes keep using ("inventory", "depletions", "shelf"): a reader
  // misspells the trade's words as often as its headlines'. Company profiles are left out: their
  // many names and places are what a misspelt word would wrongly land on ("Germany" → "Germain").
  const uses = new Map<string, number>();
  for (const p of passages)
    if (p.kind !== "company")
      for (const word of new Set(fold(p.text).split(/[^\p{L}]+/u)))
        if (word.length >= 6) uses.set(word, (uses.get(word) ?? 0) + 1);
  for (const [word, count] of uses) if (count >= 2) vocabulary.add(word);
  /** Whether a term names a topic to this hub: not a measure, and not an everyday word its topics never use. */
  const topical = (t: QueryTerm) =>
    t.topic && (!(EVERYDAY_STEMS.has(t.stem) || ADVERB.test(t.word)) || topicStems.has(t.stem));
  /** The question's terms as the hub reads them: each known or not, with its weight. */
  const read = (query: string) => queryTerms(query).map((t) => ({ ...t, ...statsOf(t.group), topic: topical(t) }));
  const corrected = new Map<string, string>();
  const knows = (word: string) => {
    const t = term(word);
    return t !== null && statsOf([t]).known;
  };
  // A word the analyst has a meaning for is no misspelling, though the hub may never use it: an
  // everyday word ("bought") or one the trade has a synonym for ("christmas" is not "Christian").
  const meant = (word: string) => {
    const t = term(word);
    return t === null || knows(word) || EVERYDAY_STEMS.has(t) || MEASURE_STEMS.has(t) || SYNONYM_STEMS.has(t);
  };
  // Words of any question, which a run of words must hold one besides to be a misspelt name.
  const everyday = (word: string) => {
    const t = term(word);
    return t === null || EVERYDAY_STEMS.has(t) || MEASURE_STEMS.has(t);
  };
  const aliases = companyAliases(COMPANIES);
  return {
    passages,
    aliases,
    correct(question) {
      let fixed = corrected.get(question);
      if (fixed === undefined) {
        if (corrected.size > 10_000) corrected.clear();
        const spelt = correctSpelling(question, vocabulary, meant);
        fixed = correctNames(spelt, aliases, (word) => vocabulary.has(word) || everyday(word));
        corrected.set(question, fixed);
      }
      return fixed;
    },
    knows,
    unknownWords(query) {
      return read(query)
        .filter((t) => t.topic && !t.known)
        .map((t) => t.word);
    },
    topicGroups(query) {
      return queryTerms(query)
        .filter(topical)
        .map((t) => t.group);
    },
    search(query, limit, options = {}) {
      const all = read(query);
      // Coverage is kept as a bit mask per passage: a question's first 30 topic terms are plenty.
      const topics = all.filter((t) => t.topic).slice(0, 30);
      if (!topics.some((t) => t.known)) return [];
      // Coverage weighs each term by how rare it is (inverse document frequency): a passage that
      // shares only "beer" with "NA beer" covers little of it; one with "NA" covers most of it.
      const rarest = Math.max(...topics.filter((t) => t.known).map((t) => t.weight));
      const weights = topics.map((t) =>
        t.known ? t.weight * (ROLE_STEMS.has(t.stem) ? ROLE_WEIGHT : 1) : UNKNOWN_WEIGHT * rarest,
      );
      const total = weights.reduce((a, b) => a + b, 0);
      const results = search.search(all.flatMap((t) => t.group).join(" "));
      const kept: Array<{ r: SearchResult; passage: Passage; mask: number }> = [];
      // Results come best first; with `perKind`, each kind takes its first `limit` (the kind is stored with each result).
      const left: Record<string, number> = { recap: limit, company: limit, episode: limit };
      let open = options.perKind ? 3 : 1;
      for (const r of results) {
        const kind = options.perKind ? (r.kind as string) : "recap";
        if (!left[kind]) continue;
        if (--left[kind] === 0) open--;
        // A term counts once however many of its synonyms matched.
        const mask = topics.reduce((m, t, i) => (t.group.some((g) => r.queryTerms.includes(g)) ? m | (1 << i) : m), 0);
        kept.push({ r, passage: byId.get(r.id as string)!, mask });
        if (!open) break;
      }
      const bySource = new Map<string, number>();
      for (const k of kept) bySource.set(sourceOf(k.passage), (bySource.get(sourceOf(k.passage)) ?? 0) | k.mask);
      const share = (mask: number) =>
        total ? weights.reduce((sum, w, i) => sum + (mask & (1 << i) ? w : 0), 0) / total : 0;
      return kept.map(({ r, passage, mask }) => ({
        passage,
        score: r.score,
        terms: r.terms,
        coverage: share(mask),
        sourceCoverage: share(bySource.get(sourceOf(passage))!),
      }));
    },
    passagesOf(companyId) {
      return byCompany.get(companyId) ?? [];
    },
  };
}

/**
 * The index for the current content, rebuilt when recaps or episodes change.
 * The version check is one cheap query, so every instance of the server sees
 * a publish on its next question.
 */
export class HubKnowledge {
  private version: string | undefined;
  private index: HubIndex | undefined;
  private building: Promise<HubIndex> | undefined;
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  private async currentVersion(): Promise<string> {
    const row = await sql<{ v: string }>`
      select (select count(*) from weekly_summaries) || ':' || coalesce((select cast(max(updated_at) as text) from weekly_summaries), '') || ':' ||
             (select count(*) from podcast_episodes) || ':' || coalesce((select cast(max(updated_at) as text) from podcast_episodes), '') as v`.execute(
      this.db,
    );
    return String(row.rows[0]?.v ?? "");
  }

  async get(): Promise<HubIndex> {
    const version = await this.currentVersion();
    if (this.index && version === this.version) return this.index;
    if (!this.building) {
      this.building = (async () => {
        const [recaps, episodes, transcripts] = await Promise.all([
          everyRecap(this.db),
          everyEpisode(this.db),
          this.db
            .selectFrom("podcast_episodes")
            .select(["id", "transcript"])
            .where("transcript", "is not", null)
            .execute(),
        ]);
        const byEpisode = new Map(transcripts.map((t) => [t.id, t.transcript!]));
        const passages = [
          ...recaps.flatMap(recapPassages),
          ...COMPANIES.map(companyPassage),
          ...episodes.flatMap((e) => {
            const transcript = byEpisode.get(e.id);
            return [episodePassage(e), ...(transcript ? transcriptPassages(e, parseTranscript(transcript)) : [])];
          }),
        ];
        this.index = buildHubIndex(passages);
        this.version = version;
        return this.index;
      })().finally(() => (this.building = undefined));
    }
    return this.building;
  }
}
