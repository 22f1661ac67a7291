// The items a reader can follow (issue 42) and the words that name each in a text.
// Companies are the Top Players; brands are the manufacturers' key brands (a
// distributor's "key brands" are its suppliers, so they are no brand of its own);
// topics are the tags in use; market families are those of content/market-data/families.json. An
// unknown item is refused before anything is stored.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { companyTerms, formsOf, type CompanyTerms } from "../search/company-mentions.ts";
import { findTopic, listTopics, type Topic } from "../search/topics.server.ts";
import { followFeedPath, marketFollowItem, type FollowItem, type FollowKind } from "#common/follows/follow-item.ts";
import { topicPath, topicSlug } from "#common/topics/topic.ts";
import { familyBySlug } from "../market/families.ts";

/** A brand and the company that owns it. */
export interface Brand {
  slug: string;
  name: string;
  ownerId: number;
}

const brandLists = new WeakMap<readonly Company[], Map<string, Brand>>();

/** Every manufacturer's key brand by slug; a slug two companies' brands share names neither. */
export function followableBrands(companies: readonly Company[]): Map<string, Brand> {
  let brands = brandLists.get(companies);
  if (brands) return brands;
  brands = new Map();
  const shared = new Set<string>();
  for (const company of companies) {
    if (company.type !== "manufacturer") continue;
    for (const name of company.keyBrands) {
      const slug = topicSlug(name);
      if (!slug || shared.has(slug)) continue;
      const known = brands.get(slug);
      if (known && known.ownerId !== company.id) {
        brands.delete(slug);
        shared.add(slug);
      } else if (!known) brands.set(slug, { slug, name, ownerId: company.id });
    }
  }
  brandLists.set(companies, brands);
  return brands;
}

const companyItem = (c: Company): FollowItem => ({
  kind: "company",
  key: String(c.id),
  name: c.name,
  url: `/explorer?company=${c.id}`,
  feedUrl: followFeedPath("company", String(c.id)),
});

/** The item a kind and key name; undefined when there is none (nothing may be stored for it). */
export async function findFollowItem(
  db: Kysely<DB>,
  companies: readonly Company[],
  kind: FollowKind,
  key: string,
): Promise<FollowItem | undefined> {
  if (kind === "company") {
    const company = /^\d{1,6}$/.test(key) ? companies.find((c) => c.id === Number(key)) : undefined;
    return company && companyItem(company);
  }
  if (kind === "brand") {
    const brand = followableBrands(companies).get(key);
    const owner = brand && companies.find((c) => c.id === brand.ownerId);
    return (
      brand &&
      owner && {
        kind,
        key,
        name: brand.name,
        url: `/explorer?company=${owner.id}`,
        feedUrl: followFeedPath(kind, key),
        owner: owner.name,
      }
    );
  }
  if (kind === "market") {
    const family = familyBySlug(key);
    return family && marketFollowItem(family.slug, family.label);
  }
  const topic = await findTopic(db, key);
  return (
    topic && {
      kind,
      key: topic.slug,
      name: topic.name,
      url: topicPath(topic.name) ?? `/topics/${encodeURIComponent(topic.slug)}`,
      feedUrl: followFeedPath(kind, topic.slug),
    }
  );
}

/** Several items at once (a manage page, a digest): those no longer known (a topic no item has now) are left out. */
export async function followItems(
  db: Kysely<DB>,
  companies: readonly Company[],
  follows: ReadonlyArray<{ kind: FollowKind; item: string }>,
  /** The topics in use, when the caller has them already (a run of thousands of digests reads them once). */
  known?: readonly Topic[],
): Promise<FollowItem[]> {
  const topics = known ?? (follows.some((f) => f.kind === "topic") ? await listTopics(db) : []);
  const found: FollowItem[] = [];
  for (const f of follows) {
    if (f.kind === "topic") {
      const topic = topics.find((t) => t.slug === f.item);
      if (topic)
        found.push({
          kind: "topic",
          key: topic.slug,
          name: topic.name,
          url: topicPath(topic.name) ?? `/topics/${topic.slug}`,
          feedUrl: followFeedPath("topic", topic.slug),
        });
    } else {
      const item = await findFollowItem(db, companies, f.kind, f.item);
      if (item) found.push(item);
    }
  }
  return found;
}

/** How a text names an item: the forms a whole-word match looks for, and for a topic, its tag spellings. */
export interface ItemTerms {
  forms: CompanyTerms["forms"];
  /** A topic's tag (folded to its slug): an item with the tag counts even when its words do not name it. */
  topicSlug?: string;
}

/**
 * The words that name an item: a company's terms; a brand's own name and its owner's terms; a topic's
 * name. A market family has none: following it brings its figures, and its topic brings the words.
 */
export function itemTerms(companies: readonly Company[], item: FollowItem): ItemTerms {
  if (item.kind === "market") return { forms: [] };
  const own = (term: string) => formsOf(term).map((form) => ({ form, term }));
  if (item.kind === "company") return { forms: companyTerms(companies, Number(item.key))?.forms ?? [] };
  if (item.kind === "brand") {
    const brand = followableBrands(companies).get(item.key);
    const owner = brand ? (companyTerms(companies, brand.ownerId)?.forms ?? []) : [];
    return { forms: [...own(item.name), ...owner] };
  }
  return { forms: own(item.name), topicSlug: item.key };
}
