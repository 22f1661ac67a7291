import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { inBatches } from "./batches.ts";
import { saltedHash, type DailySalts } from "./daily-salts.server.ts";
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
}

/** The whole site's row in the per-page tables: unique visitors of the site, not the sum of its pages'. */
export const WHOLE_SITE = "*";

/**
 * Writes a batch of page views: views per day and page, a unique visitor
 * counted the first time the day's hash of their address and user agent is
 * seen on a page (or on the site), and where the views came from.
 */
export async function recordPageHits(db: Kysely<DB>, salts: DailySalts, hits: PageHit[]): Promise<void> {
  if (hits.length === 0) return;
  const views = new Map<string, { day: string; path: string; views: number; visitors: number }>();
  const visitors = new Map<string, { day: string; path: string; visitor: string }>();
  const sources = new Map<string, { day: string; kind: "referrer" | "campaign"; label: string; views: number }>();
  for (const h of hits) {
    const day = utcDay(h.at);
    const visitor = saltedHash(await salts.of(day), h.address, h.userAgent);
    for (const path of [h.path, WHOLE_SITE]) {
      const key = `${day}\n${path}`;
      const v = views.get(key) ?? { day, path, views: 0, visitors: 0 };
      v.views += h.views ?? 1;
      views.set(key, v);
      visitors.set(`${key}\n${visitor}`, { day, path, visitor });
    }
    for (const [kind, label] of [
      ["referrer", h.referrer],
      ["campaign", h.campaign],
    ] as const) {
      if (!label) continue;
      const key = `${day}\n${kind}\n${label}`;
      const s = sources.get(key) ?? { day, kind, label, views: 0 };
      s.views += h.views ?? 1;
      sources.set(key, s);
    }
  }
  await db.transaction().execute(async (trx) => {
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
