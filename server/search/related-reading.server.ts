// Related reading under a recap (issue 26). Candidates are the newest items of
// each of the recap's topics and the newest recaps naming each company it
// names; each is scored by what it shares. A topic weighs by how rare it is
// (inverse document frequency: a tag on nearly everything, such as "Sample
// content", weighs nothing), a company the same as a topic of middling rarity.
// Ties go to the newer item. Read once per content version, like the page.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { RELATED_MAX, type RelatedItem } from "#common/topics/related-reading.ts";
import { topicSlug } from "#common/topics/topic.ts";
import { companyCoverage } from "./company-coverage.server.ts";
import { mentionedCompanies } from "./company-mentions.ts";
import { listTopics, topicItems } from "./topics.server.ts";

/** Items read per topic and per company: the newest, since related reading should be recent too. */
const CANDIDATES_EACH = 30;
/** Topics and companies of the recap that are looked at, the rarest topics and first-named companies first. */
const MOST_TOPICS = 4;
const MOST_COMPANIES = 3;
/** What a shared company weighs, in the units of a topic's weight. */
const COMPANY_WEIGHT = 1.5;

export interface RelatedSource {
  id: number;
  tags: string[];
  headline: string;
  snippets: string | null;
  content: string;
}

export async function relatedReading(
  db: Kysely<DB>,
  companies: readonly Company[],
  recap: RelatedSource,
): Promise<RelatedItem[]> {
  const count = (table: "weekly_summaries" | "podcast_episodes") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [topics, recaps, episodes] = await Promise.all([
    listTopics(db),
    count("weekly_summaries"),
    count("podcast_episodes"),
  ]);
  const total = recaps + episodes;
  const slugs = new Set(recap.tags.map(topicSlug));
  const weighed = topics
    .filter((t) => slugs.has(t.slug))
    .map((t) => ({ topic: t, weight: Math.log((total + 1) / (t.recaps + t.episodes + 1)) }))
    .filter((t) => t.weight > 0.1)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MOST_TOPICS);
  const named = mentionedCompanies(companies, `${recap.headline}\n${recap.snippets ?? ""}\n${recap.content}`).slice(
    0,
    MOST_COMPANIES,
  );

  const found = new Map<string, RelatedItem & { score: number }>();
  const offer = (item: Omit<RelatedItem, "shared">, reason: string, weight: number) => {
    if (item.kind === "recap" && item.id === recap.id) return;
    const key = `${item.kind}-${item.id}`;
    const seen = found.get(key) ?? { ...item, shared: [], score: 0 };
    if (!seen.shared.includes(reason)) {
      seen.shared.push(reason);
      seen.score += weight;
    }
    found.set(key, seen);
  };
  const [byTopic, byCompany] = await Promise.all([
    Promise.all(weighed.map(async (w) => ({ ...w, items: await topicItems(db, w.topic, 0, CANDIDATES_EACH) }))),
    Promise.all(
      named.map(async (id) => ({
        company: companies.find((c) => c.id === id)!,
        coverage: await companyCoverage(db, companies, id, { limit: CANDIDATES_EACH }),
      })),
    ),
  ]);
  for (const { topic, weight, items } of byTopic)
    for (const item of items)
      offer({ kind: item.kind, id: item.id, date: item.date, title: item.title, url: item.url }, topic.name, weight);
  for (const { company, coverage } of byCompany)
    for (const r of coverage?.recaps ?? [])
      offer({ kind: "recap", id: r.id, date: r.date, title: r.headline, url: r.url }, company.name, COMPANY_WEIGHT);

  return [...found.values()]
    .sort((a, b) => b.score - a.score || b.date.localeCompare(a.date) || b.id - a.id)
    .slice(0, RELATED_MAX)
    .map(({ score: _, ...item }) => item);
}
