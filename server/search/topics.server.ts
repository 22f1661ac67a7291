// Topics (issue 26): the tags of recaps and episodes, each with its page, feed
// and place in the sitemap. A topic is found by its address (the tag's slug);
// items are matched on their tags column by the tag as JSON (`"Tequila"`, quotes
// included), so "Tequila" never matches "Tequila Sunrise". The match ignores
// case like every search on the site, and is served by the same trigram indexes.
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import { dialectOf, withSearchIndex } from "../db/dialect.ts";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { coverageIndex } from "./coverage-index.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import {
  TOPIC_COMPANIES,
  TOPIC_PAGE,
  tagsFromColumn,
  topicSlug,
  type TopicCompany,
  type TopicItem,
  type TopicPage,
  type TopicSummary,
} from "#common/topics/topic.ts";

/** A topic and every spelling of its tag in use. */
export interface Topic extends TopicSummary {
  spellings: string[];
}

/** Every topic in use, the most covered first (then by name). */
export async function listTopics(db: Kysely<DB>): Promise<Topic[]> {
  const [recaps, episodes] = await Promise.all([
    db.selectFrom("weekly_summaries").select("tags").where("tags", "is not", null).execute(),
    db.selectFrom("podcast_episodes").select("tags").where("tags", "is not", null).execute(),
  ]);
  const bySlug = new Map<string, { recaps: number; episodes: number; spellings: Map<string, number> }>();
  const count = (rows: Array<{ tags: string | null }>, kind: "recaps" | "episodes") => {
    for (const row of rows)
      // An item counts once under a topic, however many of its tags spell it.
      for (const [slug, tag] of new Map(tagsFromColumn(row.tags).map((t) => [topicSlug(t), t]))) {
        if (!slug) continue;
        let topic = bySlug.get(slug);
        if (!topic) bySlug.set(slug, (topic = { recaps: 0, episodes: 0, spellings: new Map() }));
        topic[kind] += 1;
        topic.spellings.set(tag, (topic.spellings.get(tag) ?? 0) + 1);
      }
  };
  count(recaps, "recaps");
  count(episodes, "episodes");
  return [...bySlug]
    .map(([slug, t]) => {
      const spellings = [...t.spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([s]) => s);
      return { slug, name: spellings[0]!, recaps: t.recaps, episodes: t.episodes, spellings };
    })
    .sort((a, b) => b.recaps + b.episodes - (a.recaps + a.episodes) || a.name.localeCompare(b.name));
}

/** The topic at an address part (as the address gives it, encoded or not); undefined when no item has its tag. */
export async function findTopic(db: Kysely<DB>, slug: string): Promise<Topic | undefined> {
  return (await listTopics(db)).find((t) => t.slug === slug);
}

/** An address part as a topic's slug: decoded and in the slug's form, so /topics/New%20York finds "new-york". */
export function slugOf(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape is read as typed: it names no topic.
  }
  return topicSlug(decoded);
}

export interface TopicPageInput {
  slug: string;
  /** From 1. */
  page: number;
  /** The companies to count under the topic. */
  companies: readonly Company[];
}

/** One page of a topic, newest first, with the companies its items name most; undefined for a topic not in use. */
export async function topicPage(db: Kysely<DB>, input: TopicPageInput): Promise<TopicPage | undefined> {
  const topic = await findTopic(db, input.slug);
  if (!topic) return undefined;
  const total = topic.recaps + topic.episodes;
  const pageCount = Math.max(1, Math.ceil(total / TOPIC_PAGE));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const [items, companies] = await Promise.all([
    topicItems(db, topic, (page - 1) * TOPIC_PAGE, TOPIC_PAGE),
    topicCompanies(db, topic, input.companies),
  ]);
  const { spellings: _, ...summary } = topic;
  return { topic: summary, items, page, pageCount, companies };
}

/** Whether a tags column holds one of the topic's spellings (as a whole tag). */
function tagged(db: Kysely<DB>, index: "recap_search" | "episode_search" | undefined, topic: Topic) {
  const { containsIgnoringCase, searchCandidates } = dialectOf(db);
  return (id: Expression<number>, tags: Expression<string | null>): Expression<SqlBool> => {
    const spellings = topic.spellings.map((s) => JSON.stringify(s));
    const contains = sql<SqlBool>`(${sql.join(
      spellings.map((s) => containsIgnoringCase(tags, s)),
      sql` or `,
    )})`;
    // The trigram table can narrow a search for one spelling; several are rare enough to read directly.
    const candidates = index && spellings.length === 1 ? searchCandidates(index, id, spellings[0]!) : undefined;
    return candidates ? sql<SqlBool>`(${candidates} and ${contains})` : contains;
  };
}

type Tagged = {
  recaps: SelectQueryBuilder<DB, "weekly_summaries", object>;
  episodes: SelectQueryBuilder<DB, "podcast_episodes", object>;
};

/** Reads the topic's recaps and episodes with `read`, given as queries to select from, through the search indexes. */
function readTagged<T>(db: Kysely<DB>, topic: Topic, read: (tagged: Tagged) => Promise<T>): Promise<T> {
  return withSearchIndex(db, topic.spellings[0], (db: Kysely<DB>) => {
    const isRecapTagged = tagged(db, "recap_search", topic);
    const isEpisodeTagged = tagged(db, undefined, topic);
    return read({
      recaps: db.selectFrom("weekly_summaries").where((eb) => isRecapTagged(eb.ref("id"), eb.ref("tags"))),
      episodes: db.selectFrom("podcast_episodes").where((eb) => isEpisodeTagged(eb.ref("id"), eb.ref("tags"))),
    });
  });
}

/** `limit` items under the topic from `offset`, newest first, recaps before episodes of the same day. */
export async function topicItems(db: Kysely<DB>, topic: Topic, offset: number, limit: number): Promise<TopicItem[]> {
  const wanted = offset + limit;
  const [recaps, episodes] = await readTagged(db, topic, (tagged) =>
    Promise.all([
      tagged.recaps
        .select(["id", "date", "headline", "snippets", "tags", "sample"])
        .orderBy("date", "desc")
        .orderBy("id", "desc")
        .limit(wanted)
        .execute(),
      tagged.episodes
        .select(["id", "date", "title", "description", "tags", "sample", "weekly_daily"])
        .orderBy("date", "desc")
        .orderBy("id", "desc")
        .limit(wanted)
        .execute(),
    ]),
  );
  const all: TopicItem[] = [
    ...recaps.map((r) => ({
      kind: "recap" as const,
      id: r.id,
      date: String(r.date).slice(0, 10),
      title: r.headline,
      summary: r.snippets,
      url: `/recap/${r.id}`,
      tags: tagsFromColumn(r.tags),
      sample: Number(r.sample) === 1,
    })),
    ...episodes.map((e) => ({
      kind: "episode" as const,
      id: e.id,
      date: String(e.date).slice(0, 10),
      title: e.title,
      summary: e.description,
      url: episodePath(e.id),
      tags: tagsFromColumn(e.tags),
      sample: Number(e.sample) === 1,
      series: e.weekly_daily,
    })),
  ];
  all.sort((a, b) => b.date.localeCompare(a.date) || (a.kind === b.kind ? b.id - a.id : a.kind === "recap" ? -1 : 1));
  return all.slice(offset, wanted);
}

/** The companies named in most of the topic's items (each item counts once per company), from the coverage index. */
async function topicCompanies(db: Kysely<DB>, topic: Topic, companies: readonly Company[]): Promise<TopicCompany[]> {
  const [index, ids] = await Promise.all([
    coverageIndex(db, companies),
    readTagged(db, topic, (tagged) =>
      Promise.all([tagged.recaps.select("id").execute(), tagged.episodes.select("id").execute()]),
    ),
  ]);
  const counts = new Map<number, number>();
  const count = (named: number[]) => {
    for (const id of named) counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const r of ids[0]) count(index.named("recap", r.id));
  for (const e of ids[1]) count(index.named("episode", e.id));
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return [...counts]
    .filter(([id]) => names.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, TOPIC_COMPANIES)
    .map(([id, items]) => ({ id, name: names.get(id)!, items }));
}
