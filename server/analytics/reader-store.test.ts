import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import {
  AGENTS_PER_NETWORK,
  OTHER_SOURCE,
  SOURCE_DAYS,
  SOURCES_KEPT_PER_DAY,
  SOURCES_PER_DAY,
  VIEWS_PER_VISITOR_DAY,
} from "./audience-limits.ts";
import { pruneAudience } from "./audience-prune.ts";
import { DailySalts } from "./daily-salts.ts";
import { recordPageHits, type PageHit } from "./reader-store.ts";
import { addDays } from "./utc-days.ts";

const AT = new Date(Date.UTC(2026, 10, 20, 9));
const DAY = "2026-11-20";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0";

// Issue 38, point 5: what one client can add to the readers' figures, on both engines.
describe.each(ENGINES)("readers' figures bounded per network on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    await testDb?.drop();
  });

  async function open() {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    return new DailySalts(database.db);
  }
  const view = (over: Partial<PageHit> = {}): PageHit => ({
    at: AT,
    path: "/recap",
    address: "203.0.113.7",
    userAgent: CHROME,
    ...over,
  });
  const daily = async (path: string) =>
    (await database.db
      .selectFrom("reader_daily")
      .select(["views", "visitors"])
      .where("day", "=", DAY)
      .where("path", "=", path)
      .executeTakeFirst()) ?? { views: 0, visitors: 0 };
  const sources = (day = DAY) =>
    database.db
      .selectFrom("reader_sources")
      .select(["label", "views"])
      .where("day", "=", day)
      .where("kind", "=", "referrer")
      .execute();

  it(`counts a network as ${AGENTS_PER_NETWORK} visitors and its rest, each up to ${VIEWS_PER_VISITOR_DAY} views a day`, async () => {
    const salts = await open();
    const agents = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => view({ userAgent: `${CHROME} Agent/${from + i}` }));
    await recordPageHits(database.db, salts, agents(0, 4));
    await recordPageHits(database.db, salts, agents(4, 300));
    // Ten visitors with a view each, and the rest: 290 views, of which 200 count.
    expect(await daily("/recap")).toEqual({ views: AGENTS_PER_NETWORK + VIEWS_PER_VISITOR_DAY, visitors: 11 });
    // One visitor reloading a page: its views stop at the cap, across batches and pages.
    const reader = view({ address: "198.51.100.9" });
    await recordPageHits(database.db, salts, [{ ...reader, views: 150 }]);
    await recordPageHits(database.db, salts, [{ ...reader, path: "/podcast", views: 100 }, reader]);
    expect(await daily("/podcast")).toEqual({ views: 50, visitors: 1 });
    expect(await daily("*")).toEqual({ views: 210 + VIEWS_PER_VISITOR_DAY, visitors: 12 });
    // Another network is another reader; the next day, the network counts again.
    await recordPageHits(database.db, salts, [view({ address: "198.51.100.10" })]);
    await recordPageHits(
      database.db,
      salts,
      agents(0, 30).map((h) => ({ ...h, at: new Date(AT.getTime() + 86_400_000) })),
    );
    expect(await daily("/recap")).toEqual({ views: 210 + 150 + 1, visitors: 13 });
    const nextDay = await database.db
      .selectFrom("reader_daily")
      .select(["views", "visitors"])
      .where("day", "=", addDays(DAY, 1))
      .where("path", "=", "/recap")
      .executeTakeFirstOrThrow();
    expect(nextDay).toEqual({ views: 30, visitors: 11 });
  }, 60_000);

  it(`names ${SOURCES_PER_DAY} referrers a day, and counts every later new one as ${OTHER_SOURCE}`, async () => {
    const salts = await open();
    const crowd = Array.from({ length: 2 * SOURCES_PER_DAY + 50 }, (_, i) =>
      view({ address: `10.0.${i >> 8}.${i & 255}`, referrer: `site-${i}.example` }),
    );
    await recordPageHits(database.db, salts, crowd.slice(0, 10));
    await recordPageHits(database.db, salts, crowd.slice(10));
    // A referrer already named that day keeps its name.
    await recordPageHits(database.db, salts, [view({ address: "10.9.9.9", referrer: "site-3.example" })]);
    const rows = await sources();
    expect(rows).toHaveLength(SOURCES_PER_DAY + 1);
    expect(rows.find((r) => r.label === OTHER_SOURCE)).toEqual({ label: OTHER_SOURCE, views: SOURCES_PER_DAY + 50 });
    expect(rows.find((r) => r.label === "site-3.example")).toEqual({ label: "site-3.example", views: 2 });
    expect(rows.reduce((a, r) => a + r.views, 0)).toBe(crowd.length + 1);
  }, 60_000);

  it("forgets per-client rows after two days and sources after their retention, and folds finished days' rare sources", async () => {
    const salts = await open();
    const now = new Date(Date.UTC(2026, 10, 27, 12));
    const finished = "2026-11-24";
    const recent = "2026-11-26";
    // 80 referrers on a finished day and on yesterday: site-i has i+1 views.
    for (const day of [finished, recent])
      await database.db
        .insertInto("reader_sources")
        .values(
          Array.from({ length: 80 }, (_, i) => ({ day, kind: "referrer" as const, label: `site-${i}`, views: i + 1 })),
        )
        .execute();
    const expired = addDays("2026-11-27", -SOURCE_DAYS - 1);
    await database.db
      .insertInto("reader_sources")
      .values({ day: expired, kind: "campaign", label: "old / email / x", views: 5 })
      .execute();
    // Per-client rows from a crowd three days ago, more than one slice of a delete.
    const old = new Date(now.getTime() - 3 * 86_400_000);
    await recordPageHits(
      database.db,
      salts,
      Array.from({ length: 1_500 }, (_, i) => view({ at: old, address: `10.1.${i >> 8}.${i & 255}` })),
    );
    await recordPageHits(database.db, salts, [view({ at: now })]);

    await pruneAudience(database.db, now);

    const folded = await sources(finished);
    expect(folded).toHaveLength(SOURCES_KEPT_PER_DAY + 1);
    // The 50 with the most views keep their names; the other 30 (1 to 30 views) become one row.
    expect(folded.find((r) => r.label === OTHER_SOURCE)).toEqual({ label: OTHER_SOURCE, views: (30 * 31) / 2 });
    expect(folded.find((r) => r.label === "site-29")).toBeUndefined();
    expect(folded.find((r) => r.label === "site-30")).toEqual({ label: "site-30", views: 31 });
    expect(await sources(recent)).toHaveLength(80);
    expect(await database.db.selectFrom("reader_sources").where("day", "=", expired).selectAll().execute()).toEqual([]);
    for (const table of ["reader_visitors", "reader_clients"] as const) {
      const days = await database.db.selectFrom(table).select("day").distinct().execute();
      expect(days, table).toEqual([{ day: "2026-11-27" }]);
    }
    // Folding twice changes nothing.
    await pruneAudience(database.db, now);
    expect(await sources(finished)).toEqual(expect.arrayContaining(folded));
    expect(await sources(finished)).toHaveLength(SOURCES_KEPT_PER_DAY + 1);
  }, 60_000);
});
