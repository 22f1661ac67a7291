// One search over the whole hub (issue 26): recaps (headline, body, snippets,
// tags), episodes (title, description, transcript; a transcript hit names the
// second its words are said) and the Top Players (name, the names people use for
// it, key brands, headquarters) and the topics (a tag's name and its spellings,
// so a reader can find and follow a topic from its result, issue 42). The match
// is the spec's: a case-insensitive substring, the same on both engines and
// served by the trigram indexes; whole-word matches come first, then the
// newest. Pages of one kind are read by offset (a search's order is a rank, not
// a column a keyset could follow).
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from "kysely";
import { dialectOf, matchesNothing, withSearchIndex } from "../db/dialect.ts";
import type { DB, PodcastEpisodesTable, WeeklySummariesTable } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { companyAliases } from "../analyst/company-names.ts";
import { encodeCursor, decodeCursor } from "../data/list-page.server.ts";
import { tagsFromColumn } from "../data/recaps.server.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import { fold } from "#common/content/fold.ts";
import { wholeWord } from "#common/search/whole-word.ts";
import { topicCounts, topicPath } from "#common/topics/topic.ts";
import { listTopics, type Topic } from "./topics.server.ts";
import {
  SEARCH_KINDS,
  SEARCH_PAGE,
  SEARCH_PREVIEW,
  type CompanyHit,
  type EpisodeHit,
  type Highlighted,
  type RecapHit,
  type SearchFilters,
  type SearchGroup,
  type SearchKind,
  type SearchResponse,
  type TopicHit,
} from "#common/search/site-search.ts";
import { highlight, plainText, snippetAround } from "./highlight.ts";

/** Where one kind's page starts: the kind and how many of its results came before. */
export interface SearchCursor {
  kind: SearchKind;
  offset: number;
}
export const encodeSearchCursor = (c: SearchCursor) => encodeCursor(c.kind, c.offset);
export function decodeSearchCursor(raw: string): SearchCursor | undefined {
  const keyset = decodeCursor(raw);
  if (!keyset || !(SEARCH_KINDS as readonly string[]).includes(keyset.at) || typeof keyset.id !== "number")
    return undefined;
  return { kind: keyset.at as SearchKind, offset: keyset.id };
}

/** The kinds a search with these filters can find: a series means episodes; a date range rules out the undated companies and topics. */
export function kindsFor(filters: SearchFilters): SearchKind[] {
  if (filters.kind) return [filters.kind];
  if (filters.series) return ["episode"];
  if (filters.from || filters.to) return ["recap", "episode"];
  return [...SEARCH_KINDS];
}

export interface SearchInput {
  /** Trimmed, checked for length by the caller. */
  q: string;
  filters: SearchFilters;
  /** A page of one kind (its cursor); without one, the first page of each kind. */
  cursor?: SearchCursor | undefined;
  /** Results per kind; by default SEARCH_PREVIEW across kinds, SEARCH_PAGE for one kind. */
  limit?: number | undefined;
}

export async function searchSite(
  db: Kysely<DB>,
  companies: readonly Company[],
  input: SearchInput,
): Promise<SearchResponse> {
  const { q, filters } = input;
  const kinds = kindsFor(filters);
  const single = kinds.length === 1 || input.cursor !== undefined;
  const limit = input.limit ?? (single ? SEARCH_PAGE : SEARCH_PREVIEW);
  const offsetOf = (kind: SearchKind) => (input.cursor?.kind === kind ? input.cursor.offset : 0);
  const shown = input.cursor ? [input.cursor.kind] : kinds;
  const counts: Record<SearchKind, number> = { recap: 0, episode: 0, company: 0, topic: 0 };
  const groups = await withSearchIndex(db, q, (db: Kysely<DB>) =>
    Promise.all(
      kinds.map(async (kind): Promise<SearchGroup | undefined> => {
        const found =
          kind === "recap"
            ? await searchRecaps(db, q, filters, offsetOf(kind), shown.includes(kind) ? limit : 0)
            : kind === "episode"
              ? await searchEpisodes(db, q, filters, offsetOf(kind), shown.includes(kind) ? limit : 0)
              : kind === "company"
                ? searchCompanies(companies, q, offsetOf(kind), shown.includes(kind) ? limit : 0)
                : await searchTopics(db, q, offsetOf(kind), shown.includes(kind) ? limit : 0);
        counts[kind] = found.total;
        if (!shown.includes(kind)) return undefined;
        const end = offsetOf(kind) + found.items.length;
        return {
          kind,
          total: found.total,
          items: found.items,
          next_cursor: end < found.total ? encodeSearchCursor({ kind, offset: end }) : null,
        };
      }),
    ),
  );
  return {
    q,
    filters,
    counts,
    total: SEARCH_KINDS.reduce((sum, kind) => sum + counts[kind], 0),
    groups: groups.filter((g): g is SearchGroup => g !== undefined),
  };
}

interface Found<T> {
  total: number;
  items: T[];
}

/** The date range of the filters as conditions on `column` (inclusive). */
function inRange(filters: SearchFilters, column: Expression<string>): Array<Expression<SqlBool>> {
  return [
    ...(filters.from ? [sql<SqlBool>`${column} >= ${filters.from}`] : []),
    ...(filters.to ? [sql<SqlBool>`${column} <= ${filters.to}`] : []),
  ];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time
type AnyDB = any;

// The searched columns of each table and the trigram index that narrows them (SQLite; PostgreSQL's serve ILIKE).
const SEARCHED = {
  weekly_summaries: { index: "recap_search", columns: ["headline", "content", "snippets", "tags"] },
  podcast_episodes: { index: "episode_search", columns: ["title", "description", "transcript"] },
} as const;

/**
 * The rows of `table` whose searched columns contain `q` and that meet `where`: how many, and
 * `limit` of them from `offset` with the columns `select`, whole-word matches first, then the
 * newest. Both tables have `id` and `date`; the callers name the row shape they select.
 */
async function rankedMatches<Row>(
  db: Kysely<DB>,
  table: keyof typeof SEARCHED,
  q: string,
  select: readonly string[],
  where: (eb: ExpressionBuilder<AnyDB, AnyDB>) => Array<Expression<SqlBool>>,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: Array<Row & { whole: number }> }> {
  const { containsIgnoringCase, containsWordIgnoringCase, searchCandidates } = dialectOf(db);
  const { index, columns } = SEARCHED[table];
  const matching = (db as Kysely<AnyDB>).selectFrom(table).where((eb) => {
    const candidates = searchCandidates(index, eb.ref("id"), q);
    return eb.and([
      ...(candidates ? [candidates] : []),
      eb.or(columns.map((c) => containsIgnoringCase(eb.ref(c), q))),
      ...where(eb),
    ]);
  });
  const [count, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    limit === 0
      ? Promise.resolve([])
      : matching
          .select([...select])
          .select((eb) =>
            sql<number>`case when ${eb.or(columns.map((c) => containsWordIgnoringCase(eb.ref(c), q)))} then 1 else 0 end`.as(
              "whole",
            ),
          )
          .orderBy("whole", "desc")
          .orderBy("date", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
  ]);
  return { total: Number((count as { n: number | string }).n), rows: rows as Array<Row & { whole: number }> };
}

type RecapRow = Pick<Selectable<WeeklySummariesTable>, "id" | "date" | "headline" | "content" | "snippets" | "tags">;
type EpisodeRow = Pick<
  Selectable<PodcastEpisodesTable>,
  "id" | "date" | "title" | "description" | "transcript" | "weekly_daily"
>;

async function searchRecaps(
  db: Kysely<DB>,
  q: string,
  filters: SearchFilters,
  offset: number,
  limit: number,
): Promise<Found<RecapHit>> {
  if (matchesNothing(q)) return { total: 0, items: [] };
  const { total, rows } = await rankedMatches<RecapRow>(
    db,
    "weekly_summaries",
    q,
    ["id", "date", "headline", "content", "snippets", "tags"],
    (eb) => inRange(filters, eb.ref("date")),
    offset,
    limit,
  );
  return {
    total,
    items: rows.map((row) => {
      const tags = tagsFromColumn(row.tags);
      // The snippet comes from the first field that matched, the body before the summary line.
      const body = plainText(row.content);
      const field =
        [body, row.snippets ?? "", tags.join(" · ")].find((text) => contains(text, q)) ?? (row.snippets || body);
      return {
        kind: "recap",
        id: row.id,
        url: `/recap/${row.id}`,
        date: String(row.date).slice(0, 10),
        tags,
        title: highlight(row.headline, q),
        snippet: snippetAround(field, q),
        wholeWord: Number(row.whole) === 1,
      };
    }),
  };
}

async function searchEpisodes(
  db: Kysely<DB>,
  q: string,
  filters: SearchFilters,
  offset: number,
  limit: number,
): Promise<Found<EpisodeHit>> {
  if (matchesNothing(q)) return { total: 0, items: [] };
  const { total, rows } = await rankedMatches<EpisodeRow>(
    db,
    "podcast_episodes",
    q,
    ["id", "date", "title", "description", "transcript", "weekly_daily"],
    (eb) => [...(filters.series ? [eb("weekly_daily", "=", filters.series)] : []), ...inRange(filters, eb.ref("date"))],
    offset,
    limit,
  );
  return {
    total,
    items: rows.map((row) => {
      const moment = transcriptMoment(row.transcript, q);
      const inTitleOrDescription = contains(row.title, q) || contains(row.description, q);
      // A transcript hit links to its second, unless the title or description already matched.
      const seconds = !inTitleOrDescription && moment ? moment.seconds : null;
      return {
        kind: "episode",
        id: row.id,
        url: episodePath(row.id, seconds ?? undefined),
        date: String(row.date).slice(0, 10),
        series: row.weekly_daily,
        seconds,
        title: highlight(row.title, q),
        snippet: !inTitleOrDescription && moment ? snippetAround(moment.text, q) : snippetAround(row.description, q),
        wholeWord: Number(row.whole) === 1,
      };
    }),
  };
}

/** The first cue of a transcript whose words contain `q`: its second (null for an untimed transcript) and text. */
function transcriptMoment(stored: string | null, q: string): { seconds: number | null; text: string } | undefined {
  if (!stored || !contains(stored, q)) return undefined;
  let transcript;
  try {
    transcript = parseTranscript(stored);
  } catch {
    return undefined;
  }
  if (transcript.kind === "plain") return { seconds: null, text: transcript.text };
  const cue = transcript.cues.find((c) => contains(c.text, q));
  return cue && { seconds: Math.floor(cue.start), text: cue.text };
}

/** Companies by their names, the names people use for them, key brands and headquarters; whole-word matches first, then by rank. */
function searchCompanies(companies: readonly Company[], q: string, offset: number, limit: number): Found<CompanyHit> {
  const aliases = aliasesOf(companies);
  const matches = companies
    .map((company, rank) => {
      const fields = [company.name, company.location, ...company.keyBrands, ...(aliases.get(company.id) ?? [])];
      const hit = fields.find((f) => contains(f, q));
      return hit === undefined
        ? undefined
        : { company, rank, field: hit, whole: fields.some((f) => wholeWord(q).test(f)) };
    })
    .filter((m) => m !== undefined)
    .sort((a, b) => Number(b.whole) - Number(a.whole) || a.rank - b.rank);
  return {
    total: matches.length,
    items: matches.slice(offset, offset + limit).map(({ company, field, whole }) => ({
      kind: "company",
      id: company.id,
      url: `/explorer?company=${company.id}`,
      type: company.type,
      location: company.location,
      title: highlight(company.name, q),
      snippet:
        field === company.name
          ? snippetAround(`${company.location} · ${company.keyBrands.join(", ")}`, q)
          : highlight(describe(company, field), q),
      wholeWord: whole,
    })),
  };
}

/** Why a company matched, in words: the brand, headquarters or other name the search found. */
function describe(company: Company, field: string): string {
  if (field === company.location) return `Headquarters: ${company.location}`;
  if (company.keyBrands.includes(field))
    return `${company.type === "manufacturer" ? "Key brand" : "Carries"}: ${field}`;
  return `Also known as ${field}`;
}

/**
 * Topics by their name, every spelling of their tag in use and their address, as it is written or
 * in words ("on premise" finds "On-Premise"); whole-word matches first, then the most covered, as
 * /topics lists them.
 */
async function searchTopics(db: Kysely<DB>, q: string, offset: number, limit: number): Promise<Found<TopicHit>> {
  const matches = (await listTopics(db))
    .map((topic) => {
      const fields = [topic.name, ...topic.spellings, topic.slug, topic.slug.replaceAll("-", " ")];
      const hit = fields.find((f) => contains(f, q));
      return hit === undefined ? undefined : { topic, field: hit, whole: fields.some((f) => wholeWord(q).test(f)) };
    })
    .filter((m) => m !== undefined);
  // A stable sort keeps the coverage order within each half.
  matches.sort((a, b) => Number(b.whole) - Number(a.whole));
  return {
    total: matches.length,
    items: matches.slice(offset, offset + limit).map(({ topic, field, whole }) => topicHit(topic, field, q, whole)),
  };
}

function topicHit(topic: Topic, field: string, q: string, whole: boolean): TopicHit {
  return {
    kind: "topic",
    id: topic.slug,
    url: topicPath(topic.slug)!,
    recaps: topic.recaps,
    episodes: topic.episodes,
    title: highlight(topic.name, q),
    snippet: topicSnippet(topic, field, q),
    wholeWord: whole,
  };
}

/** What a topic holds, after why it matched when its name does not show it (another spelling of its tag); only that is marked. */
function topicSnippet(topic: Topic, field: string, q: string): Highlighted {
  const counts = topicCounts(topic);
  if (contains(topic.name, q) || !topic.spellings.includes(field)) return { text: counts, marks: [] };
  const why = highlight(`Also tagged “${field}”`, q);
  return { text: `${why.text} · ${counts}`, marks: why.marks };
}

// The names people use for a company (short forms, acronyms), as the assistant knows them; its brands are matched apart.
const aliasCache = new WeakMap<readonly Company[], Map<number, string[]>>();
function aliasesOf(companies: readonly Company[]): Map<number, string[]> {
  let byCompany = aliasCache.get(companies);
  if (!byCompany) {
    byCompany = new Map();
    const brands = new Set(companies.flatMap((c) => c.keyBrands.map(fold)));
    for (const [alias, ids] of companyAliases(companies)) {
      if (brands.has(alias) || ids.length !== 1) continue;
      const company = companies.find((c) => c.id === ids[0]);
      if (!company || fold(company.name) === alias) continue;
      byCompany.set(company.id, [
        ...(byCompany.get(company.id) ?? []),
        alias.toUpperCase() === alias ? alias : displayAlias(alias, company.name),
      ]);
    }
    aliasCache.set(companies, byCompany);
  }
  return byCompany;
}
/** An alias as the company writes it when it is part of its name ("gallo" → "Gallo"), or in capitals (an acronym: "sgws" → "SGWS"). */
function displayAlias(alias: string, name: string): string {
  const at = fold(name).indexOf(alias);
  return at >= 0 ? name.slice(at, at + alias.length) : alias.toUpperCase();
}

const contains = (text: string, q: string) => text.toLocaleLowerCase().includes(q.toLocaleLowerCase());
