import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { engineOf } from "../db/client.ts";
import {
  AGENTS_PER_NETWORK,
  inChunks,
  noWrites,
  OTHER_SOURCE,
  SOURCES_PER_DAY,
  VIEWS_PER_VISITOR_DAY,
  type WriteStats,
} from "./audience-limits.ts";
import { inBatches } from "./batches.ts";
import { networkOf } from "./client-network.ts";
import { saltedHash, type DailySalts } from "./daily-salts.ts";
import { utcDay } from "./utc-days.ts";

/** A page view as the server answered it; the address and user agent are hashed, never stored. */
export interface PageHit {
  at: Date;
  path: string;
  address: string;
  userAgent: string;
  /** An outside site's domain that sent the reader here. */
  referrer?: string;
  /** utm_source / utm_medium / utm_campaign, joined. */
  campaign?: string;
  /** Views folded into this one (the same reader, page and source within a batch): 1 when absent. */
  views?: number;
  /** Folded by the recorder into its network's rest (one agent past AGENTS_PER_NETWORK): the user agent is not kept. */
  rest?: boolean;
}

/** The whole site's row in the per-page tables: unique visitors of the site, not the sum of its pages'. */
export const WHOLE_SITE = "*";

/** Any fixed number: the lock that makes one instance's batch wait for another's on PostgreSQL. */
export const READERS_LOCK = 27_2702;

/**
 * Writes a batch of page views: views per day and page, a unique visitor
 * counted the first time the day's hash of their address and user agent is
 * seen on a page (or on the site), and where the views came from. What one
 * network adds is bounded (audience-limits.ts): AGENTS_PER_NETWORK visitors and
 * its rest, VIEWS_PER_VISITOR_DAY views each; and a day keeps SOURCES_PER_DAY
 * sources of each kind by name, the later ones counted as OTHER_SOURCE. Written
 * WRITE_CHUNK views per transaction, with requests served in between.
 */
export async function recordPageHits(
  db: Kysely<DB>,
  salts: DailySalts,
  hits: PageHit[],
  stats: WriteStats = noWrites(),
): Promise<void> {
  const sorted = [...hits].sort((a, b) => a.at.getTime() - b.at.getTime());
  await inChunks(sorted, stats, (chunk) => writeChunk(db, salts, chunk));
}

async function writeChunk(db: Kysely<DB>, salts: DailySalts, hits: PageHit[]): Promise<void> {
  const prepared: { hit: PageHit; day: string; network: string; visitor: string }[] = [];
  for (const hit of hits) {
    const day = utcDay(hit.at);
    const salt = await salts.of(day);
    const network = saltedHash(salt, networkOf(hit.address));
    prepared.push({ hit, day, network, visitor: hit.rest ? network : saltedHash(salt, hit.address, hit.userAgent) });
  }
  const days = [...new Set(prepared.map((p) => p.day))];
  const labels = [...new Set(prepared.flatMap((p) => [p.hit.referrer, p.hit.campaign]).filter((l) => l !== undefined))];

  await db.transaction().execute(async (trx) => {
    if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${READERS_LOCK})`.execute(trx);
    // Each network's visitors today, with the views counted for each so far.
    const seen = new Map<string, Map<string, number>>();
    for (const part of inBatches([...new Set(prepared.map((p) => p.network))]))
      for (const c of await trx
        .selectFrom("reader_clients")
        .selectAll()
        .where("day", "in", days)
        .where("network", "in", part)
        .execute()) {
        const key = `${c.day}\n${c.network}`;
        seen.set(key, (seen.get(key) ?? new Map<string, number>()).set(c.visitor, c.views));
      }
    // The sources each day already has by name, and how many.
    const named = new Set<string>();
    const namedPerDay = new Map<string, number>();
    for (const part of inBatches(labels))
      for (const r of await trx
        .selectFrom("reader_sources")
        .select(["day", "kind", "label"])
        .where("day", "in", days)
        .where("label", "in", part)
        .execute())
        named.add(`${r.day}\n${r.kind}\n${r.label}`);
    for (const r of await trx
      .selectFrom("reader_sources")
      .select(["day", "kind", (eb) => eb.fn.countAll<number>().as("n")])
      .where("day", "in", days)
      .where("label", "!=", OTHER_SOURCE)
      .groupBy(["day", "kind"])
      .execute())
      namedPerDay.set(`${r.day}\n${r.kind}`, Number(r.n));

    const clients = new Map<string, { day: string; network: string; visitor: string; views: number }>();
    const views = new Map<string, { day: string; path: string; views: number; visitors: number }>();
    const visitors = new Map<string, { day: string; path: string; visitor: string }>();
    const sources = new Map<string, { day: string; kind: "referrer" | "campaign"; label: string; views: number }>();
    for (const { hit: h, day, network, visitor: own } of prepared) {
      const key = `${day}\n${network}`;
      const known = seen.get(key) ?? new Map<string, number>();
      seen.set(key, known);
      // A visitor new to a network that already had its share of visitors today is the network's rest.
      const agents = known.size - (known.has(network) ? 1 : 0);
      const visitor = !known.has(own) && agents >= AGENTS_PER_NETWORK ? network : own;
      const before = known.get(visitor) ?? 0;
      const counted = Math.min(h.views ?? 1, VIEWS_PER_VISITOR_DAY - before);
      if (counted <= 0) continue;
      known.set(visitor, before + counted);
      clients.set(`${key}\n${visitor}`, { day, network, visitor, views: before + counted });

      for (const path of [h.path, WHOLE_SITE]) {
        const pathKey = `${day}\n${path}`;
        const v = views.get(pathKey) ?? { day, path, views: 0, visitors: 0 };
        v.views += counted;
        views.set(pathKey, v);
        visitors.set(`${pathKey}\n${visitor}`, { day, path, visitor });
      }
      for (const [kind, given] of [
        ["referrer", h.referrer],
        ["campaign", h.campaign],
      ] as const) {
        if (!given) continue;
        let label = given;
        if (!named.has(`${day}\n${kind}\n${label}`)) {
          const n = namedPerDay.get(`${day}\n${kind}`) ?? 0;
          if (n >= SOURCES_PER_DAY) label = OTHER_SOURCE;
          else {
            named.add(`${day}\n${kind}\n${label}`);
            namedPerDay.set(`${day}\n${kind}`, n + 1);
          }
        }
        const sourceKey = `${day}\n${kind}\n${label}`;
        const s = sources.get(sourceKey) ?? { day, kind, label, views: 0 };
        s.views += counted;
        sources.set(sourceKey, s);
      }
    }

    // The counts were read under the lock, so each client's total is written as it stands.
    for (const part of inBatches([...clients.values()]))
      await trx
        .insertInto("reader_clients")
        .values(part)
        .onConflict((oc) => oc.columns(["day", "network", "visitor"]).doUpdateSet({ views: sql`excluded.views` }))
        .execute();
    for (const part of inBatches([...visitors.values()])) {
      // Only the visitors not seen before today come back: each is one more unique visitor.
      const fresh = await trx
        .insertInto("reader_visitors")
        .values(part)
        .onConflict((oc) => oc.columns(["day", "path", "visitor"]).doNothing())
        .returning(["day", "path"])
        .execute();
      for (const f of fresh) views.get(`${f.day}\n${f.path}`)!.visitors += 1;
    }
    // Each batch adds to the day's counts: the first write of a row inserts it, later ones add.
    for (const part of inBatches([...views.values()]))
      await trx
        .insertInto("reader_daily")
        .values(part)
        .onConflict((oc) =>
          oc.columns(["day", "path"]).doUpdateSet({
            views: sql`reader_daily.views + excluded.views`,
            visitors: sql`reader_daily.visitors + excluded.visitors`,
          }),
        )
        .execute();
    for (const part of inBatches([...sources.values()]))
      await trx
        .insertInto("reader_sources")
        .values(part)
        .onConflict((oc) =>
          oc.columns(["day", "kind", "label"]).doUpdateSet({ views: sql`reader_sources.views + excluded.views` }),
        )
        .execute();
  });
}
