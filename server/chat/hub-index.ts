import MiniSearch, { type SearchResult } from "minisearch";
import { stemmer } from "stemmer";
import { sql, type Kysely } from "kysely";
import { COMPANIES } from "../content/companies.server.ts";
import type { DB } from "../db/schema.ts";
import { everyEpisode } from "../data/episodes.server.ts";
import { everyRecap } from "../data/recaps.server.ts";
import { fold } from "#common/content/fold.ts";
import { companyAliases } from "./company-names.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { companyPassage, episodePassage, recapPassages, transcriptPassages, type Passage } from "./hub-corpus.ts";

// Words too common in questions to rank by (dates are read apart, by question-dates.ts).
const STOP_WORDS = new Set(
  "a an any and are as at be been being by can could did doing done should would were may might much many some do does for from has have how i in into is it its me of on or our say said says show tell that the their them these this those to was what whats what's when where which who why will with you your about analysis latest recent recaps recap top trend trending week weeks month months quarter quarters year last past new news happen happened happening going publish published cover covered".split(
    " ",
  ),
);

// Trade phrases written several ways, made one token before indexing and searching.
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bready[- ]to[- ]drink\b/g, " rtd "],
  [/\bcanned cocktails?\b/g, " rtd cocktail "],
  [/\bnon[- ]?alcoholic\b|\balcohol[- ]free\b|\bzero[- ]proof\b/g, " nonalcoholic "],
  [/\bno[- ]and[- ]low\b|\bno\/low\b/g, " nonalcoholic lowalcohol "],
  [/\bon[- ]premises?\b/g, " onpremise "],
  [/\boff[- ]premises?\b/g, " offpremise "],
];

// Words the trade uses for the same thing (in stemmed form): a question with one finds passages with another.
const SYNONYMS: ReadonlyArray<readonly string[]> = [
  ["tariff", "duti", "levi"],
  ["rtd", "cocktail"],
  ["nonalcohol", "na"],
  ["onpremis", "bar", "restaur"],
];

const normalizePhrases = (text: string) =>
  PHRASES.reduce((t, [pattern, token]) => t.replace(pattern, token), fold(text));
const tokenize = (text: string) =>
  normalizePhrases(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** A word as the index holds it: folded, stemmed; stop words dropped. */
function term(word: string): string | null {
  const folded = fold(word);
  return STOP_WORDS.has(folded) ? null : stemmer(folded);
}
/** The index terms of a piece of text. */
export const termsOf = (text: string) =>
  new Set(
    tokenize(text)
      .map(term)
      .filter((t): t is string => Boolean(t)),
  );
const synonymsOf = (stem: string): string[] => [...(SYNONYMS.find((group) => group.includes(stem)) ?? [stem])];

/** The question's terms, each with the synonyms that count as it. */
export function queryGroups(query: string): string[][] {
  const stems = [
    ...new Set(
      tokenize(query)
        .map(term)
        .filter((t): t is string => Boolean(t)),
    ),
  ];
  return stems.map(synonymsOf);
}

export interface HubIndex {
  /** Hits with the share of the question's terms each one matched, each term weighed by its rarity. */
  search(query: string, limit: number): Array<{ passage: Passage; score: number; terms: string[]; coverage: number }>;
  passagesOf(companyId: number): Passage[];
  passages: Passage[];
  aliases: Map<string, number[]>;
}

/** BM25 (MiniSearch) over every recap section, company profile and episode description. */
export function buildHubIndex(passages: Passage[]): HubIndex {
  const search = new MiniSearch<Passage>({
    idField: "id",
    fields: ["source", "section", "text", "keywords"],
    storeFields: ["id"],
    tokenize,
    processTerm: term,
    // Queries arrive as stems already (queryGroups): searching takes them as they are.
    searchOptions: {
      tokenize: (text) => text.split(" "),
      processTerm: (t) => t,
      boost: { source: 2, section: 1.5, keywords: 2 },
      prefix: (t) => t.length > 4,
      fuzzy: (t) => (t.length > 6 ? 0.15 : false),
      combineWith: "OR",
    },
  });
  search.addAll(passages);
  const byId = new Map(passages.map((p) => [p.id, p]));
  // A term's weight depends only on the index, which never changes: count its passages once.
  const weights = new Map<string, number>();
  const weightOf = (terms: string) => {
    let weight = weights.get(terms);
    if (weight === undefined) {
      const df = search.search(terms, { prefix: false, fuzzy: false }).length;
      weights.set(terms, (weight = Math.log(1 + passages.length / Math.max(df, 1))));
    }
    return weight;
  };
  return {
    passages,
    aliases: companyAliases(COMPANIES),
    search(query, limit) {
      const groups = queryGroups(query);
      if (!groups.length) return [];
      // Coverage weighs each term by how rare it is (inverse document frequency): a passage that
      // shares only "beer" with "NA beer" covers little of it; one with "NA" covers most of it.
      const weights = groups.map((group) => weightOf(group.join(" ")));
      const total = weights.reduce((a, b) => a + b, 0);
      return search
        .search(groups.flat().join(" "))
        .slice(0, limit)
        .map((r: SearchResult) => {
          // A term counts once however many of its synonyms matched.
          const matched = groups.reduce(
            (sum, group, i) => sum + (group.some((t) => r.queryTerms.includes(t)) ? weights[i]! : 0),
            0,
          );
          return {
            passage: byId.get(r.id as string)!,
            score: r.score,
            terms: r.terms,
            coverage: total ? matched / total : 0,
          };
        });
    },
    passagesOf(companyId) {
      return passages.filter((p) => p.companyId === companyId);
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
