// Which companies each recap and each episode's transcript names, held in
// memory and brought up to date when the content changes (docs/company-coverage.md).
//
// Why not ask the database each time: the trigram indexes find the rows that
// may name a company, but the exact whole-word test must still read each of
// them, and with ten years of content the large companies are named in most
// recaps (measured on PostgreSQL: 0.5–1.3 s for one profile's totals). Here each
// text is read once, when it is published or changed; a profile's lists and
// totals and the quarter's counts are then lookups.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { readContentVersion } from "../data/content-version.ts";
import { mentionedCompanies } from "./company-mentions.ts";

/** One recap or episode: its place in newest-first order and the companies it names. */
export interface Mentioning {
  id: number;
  date: string;
  /** `updated_at` as read: a changed value means the text changed (every writer sets it). */
  stamp: string;
  companies: number[];
}

type Kind = "recap" | "episode";

// Rows whose text is read per query: enough to be quick, few enough to keep memory flat.
const BATCH = 250;

class CoverageIndex {
  private version = -Infinity;
  private readonly rows: Record<Kind, Map<number, Mentioning>> = { recap: new Map(), episode: new Map() };
  private lists = new Map<string, Mentioning[]>();
  private syncing: Promise<void> | undefined;
  private readonly db: Kysely<DB>;
  private readonly companies: readonly Company[];

  constructor(db: Kysely<DB>, companies: readonly Company[]) {
    this.db = db;
    this.companies = companies;
  }

  /** Brings the index up to the content version of the database (one small query when nothing changed). */
  async current(): Promise<this> {
    const version = await readContentVersion(this.db);
    while (version > this.version) {
      this.syncing ??= this.sync(version).finally(() => (this.syncing = undefined));
      await this.syncing;
    }
    return this;
  }

  /** The recaps or episodes naming `companyId`, newest first. */
  list(kind: Kind, companyId: number): Mentioning[] {
    const key = `${kind}:${companyId}`;
    let list = this.lists.get(key);
    if (!list) {
      list = [...this.rows[kind].values()].filter((r) => r.companies.includes(companyId)).sort(newestFirst);
      this.lists.set(key, list);
    }
    return list;
  }

  /** The companies one recap or episode names (none for an id the index does not hold). */
  named(kind: Kind, id: number): number[] {
    return this.rows[kind].get(id)?.companies ?? [];
  }

  /** Every recap and episode, for counting over a date range. */
  all(): Mentioning[] {
    return [...this.rows.recap.values(), ...this.rows.episode.values()];
  }

  private async sync(version: number): Promise<void> {
    await Promise.all([this.syncKind("recap"), this.syncKind("episode")]);
    this.lists = new Map();
    this.version = Math.max(this.version, version);
  }

  /** Reads the texts that are new or changed since the last sync and forgets the rows that are gone. */
  private async syncKind(kind: Kind): Promise<void> {
    const table = kind === "recap" ? "weekly_summaries" : "podcast_episodes";
    const stamps = await this.db.selectFrom(table).select(["id", "date", "updated_at"]).execute();
    const known = this.rows[kind];
    const seen = new Set(stamps.map((r) => r.id));
    for (const id of known.keys()) if (!seen.has(id)) known.delete(id);
    const changed = stamps.filter((r) => known.get(r.id)?.stamp !== String(r.updated_at));
    for (let i = 0; i < changed.length; i += BATCH) {
      const ids = changed.slice(i, i + BATCH).map((r) => r.id);
      const texts =
        kind === "recap"
          ? (
              await this.db
                .selectFrom("weekly_summaries")
                .select(["id", "date", "updated_at", "headline", "content", "snippets", "tags"])
                .where("id", "in", ids)
                .execute()
            ).map((r) => ({ ...r, text: [r.headline, r.content, r.snippets ?? "", r.tags ?? ""].join("\n") }))
          : (
              await this.db
                .selectFrom("podcast_episodes")
                .select(["id", "date", "updated_at", "transcript"])
                .where("id", "in", ids)
                .execute()
            ).map((r) => ({ ...r, text: r.transcript ?? "" }));
      for (const row of texts)
        known.set(row.id, {
          id: row.id,
          date: String(row.date).slice(0, 10),
          stamp: String(row.updated_at),
          companies: mentionedCompanies(this.companies, row.text),
        });
    }
  }
}

const newestFirst = (a: Mentioning, b: Mentioning) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1);

const indexes = new WeakMap<Kysely<DB>, WeakMap<readonly Company[], CoverageIndex>>();

/** The index for this database and company list, current with the content. */
export function coverageIndex(db: Kysely<DB>, companies: readonly Company[]): Promise<CoverageIndex> {
  let byList = indexes.get(db);
  if (!byList) indexes.set(db, (byList = new WeakMap()));
  let index = byList.get(companies);
  if (!index) byList.set(companies, (index = new CoverageIndex(db, companies)));
  return index.current();
}
