import MiniSearch, { type SearchResult } from "minisearch";
import { sql, type Kysely } from "kysely";
import { COMPANIES } from "../content/companies.ts";
import type { DB } from "../db/schema.ts";
import { everyEpisode } from "../data/episodes.server.ts";
import { everyRecap } from "../data/recaps.server.ts";
import { fold } from "../content/fold.ts";
import { companyAliases } from "./company-names.ts";
import { companyPassage, episodePassage, recapPassages, type Passage } from "./hub-corpus.ts";

// Words too common in questions to rank by.
const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from has have how i in into is it its me of on or our say says show tell that the their them these this those to was what whats what's when where which who why will with you your about analysis latest recent top trend trending".split(" "),
);

export interface HubIndex {
  /** Hits with the share of the question's distinct terms each one matched. */
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
    processTerm: (term) => {
      const word = fold(term);
      return STOP_WORDS.has(word) ? null : word;
    },
    searchOptions: { boost: { source: 2, section: 1.5, keywords: 2 }, prefix: (term) => term.length > 4, fuzzy: (term) => (term.length > 6 ? 0.15 : false), combineWith: "OR" },
  });
  search.addAll(passages);
  const byId = new Map(passages.map((p) => [p.id, p]));
  return {
    passages,
    aliases: companyAliases(COMPANIES),
    search(query, limit) {
      const queryTermCount = new Set(
        query
          .split(/[^\p{L}\p{N}]+/u)
          .map((t) => fold(t))
          .filter((t) => t && !STOP_WORDS.has(t)),
      ).size;
      return search
        .search(query)
        .slice(0, limit)
        .map((r: SearchResult) => ({ passage: byId.get(r.id as string)!, score: r.score, terms: r.terms, coverage: queryTermCount ? new Set(r.queryTerms).size / queryTermCount : 0 }));
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
             (select count(*) from podcast_episodes) || ':' || coalesce((select cast(max(updated_at) as text) from podcast_episodes), '') as v`.execute(this.db);
    return String(row.rows[0]?.v ?? "");
  }

  async get(): Promise<HubIndex> {
    const version = await this.currentVersion();
    if (this.index && version === this.version) return this.index;
    if (!this.building) {
      this.building = (async () => {
        const [recaps, episodes] = await Promise.all([everyRecap(this.db), everyEpisode(this.db)]);
        const passages = [...recaps.flatMap(recapPassages), ...COMPANIES.map(companyPassage), ...episodes.map(episodePassage)];
        this.index = buildHubIndex(passages);
        this.version = version;
        return this.index;
      })().finally(() => (this.building = undefined));
    }
    return this.building;
  }
}
