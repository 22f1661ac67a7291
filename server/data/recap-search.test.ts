import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { listRecaps, recapHeadlinePage } from "./recaps.server.ts";
import { decodeCursor, pageWindow } from "./list-page.server.ts";

// Text with the cases a substring search gets wrong: letters beyond ASCII in both
// cases, LIKE's wildcards, quotes (FTS5's phrase delimiter), and words split by punctuation.
const WORDS = [
  "Añejo",
  "AÑEJO",
  "tequila",
  "Tequila's",
  "ÉCLAT",
  "éclat",
  "Zürich",
  "ZÜRICH",
  "50%",
  "an_underscore",
  '"quoted"',
  "RTD",
  "rtd-launch",
  "ready-to-drink",
  "bourbon",
  "Bourbon",
  "tariff",
  "Tariffs",
  "straße",
  "Ångström",
  "mezcal",
  "NA",
  "on-premise",
];

function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

const NEEDLES = [
  "a",
  "é",
  "NA",
  "_",
  "%",
  '"',
  "an_",
  "50%",
  "añejo",
  "AÑEJO",
  "Éclat",
  "zürich",
  "tequila's",
  '"quoted"',
  "quot",
  "rtd",
  "RTD-LAUNCH",
  "ready-to",
  "bourbon tariff",
  "tariffs",
  "straße",
  "ångström",
  "ÅNG",
  "mez",
  "on-prem",
  "a\u0000b",
  "\u0000\u0000\u0000",
  "no such text",
  "  tequila  ",
];

describe.each(ENGINES)("recap search on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  const rows: Array<{ id: number; date: string; headline: string; content: string; snippets: string | null }> = [];

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    const rand = seeded(7);
    const phrase = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
    const values = Array.from({ length: 240 }, (_, i) => ({
      date: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      headline: phrase(3),
      content: phrase(12),
      snippets: i % 3 === 0 ? null : phrase(4),
    }));
    await database.db.insertInto("weekly_summaries").values(values).execute();
    // An edit and a deletion must reach the index as well.
    const [first, second] = await database.db
      .selectFrom("weekly_summaries")
      .select("id")
      .orderBy("id")
      .limit(2)
      .execute();
    await database.db
      .updateTable("weekly_summaries")
      .set({ headline: "Edited: Mezcal in Oaxaca", content: "nothing else" })
      .where("id", "=", first!.id)
      .execute();
    await database.db.deleteFrom("weekly_summaries").where("id", "=", second!.id).execute();
    rows.push(
      ...(await database.db
        .selectFrom("weekly_summaries")
        .select(["id", "date", "headline", "content", "snippets"])
        .execute()),
    );
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  // The spec's rule, written plainly: a case-insensitive substring of headline, content or snippets.
  const expected = (q: string) => {
    const needle = q.trim().toLowerCase();
    return rows
      .filter((r) => [r.headline, r.content, r.snippets ?? ""].some((text) => text.toLowerCase().includes(needle)))
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
      .map((r) => r.id);
  };

  it("finds exactly what a substring match finds, for every kind of needle", async () => {
    for (const q of NEEDLES) {
      const all: number[] = [];
      let cursor;
      let total: number;
      do {
        const slice = await listRecaps(database.db, { q, limit: 100, cursor });
        all.push(...slice.items.map((r) => r.id));
        total = slice.total;
        cursor = slice.nextCursor ? decodeCursor(slice.nextCursor) : undefined;
      } while (cursor);
      const want = expected(q);
      expect(all, q).toEqual(want);
      expect(total, q).toBe(want.length);
    }
    expect(expected("tequila").length).toBeGreaterThan(50);
    expect(expected("no such text")).toEqual([]);
  });

  it("pages the headline list in the same order", async () => {
    const want = expected("bourbon");
    const first = await recapHeadlinePage(database.db, "bourbon", pageWindow(1, 25));
    const second = await recapHeadlinePage(database.db, "bourbon", pageWindow(2, 25));
    expect(first.total).toBe(want.length);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(want.slice(0, 50));
  });

  it("reads a search of three characters or more through the trigram index", async () => {
    if (engine === "sqlite") {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from weekly_summaries where id in (select rowid from recap_search where recap_search match '"tequila"')`.execute(
        database.db,
      );
      expect(plan.rows.map((r) => r.detail).join("\n")).toMatch(/VIRTUAL TABLE INDEX/);
    } else {
      const indexes = await sql<{
        indexname: string;
        indexdef: string;
      }>`select indexname, indexdef from pg_indexes where tablename = 'weekly_summaries' and indexdef like '%gin_trgm_ops%'`.execute(
        database.db,
      );
      expect(indexes.rows.map((r) => r.indexname).sort()).toEqual([
        "weekly_summaries_content_trgm_idx",
        "weekly_summaries_headline_trgm_idx",
        "weekly_summaries_snippets_trgm_idx",
        "weekly_summaries_tags_trgm_idx",
      ]);
      // With sequential scans ruled out the planner must be able to answer from the indexes.
      const plan = await database.db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        const result = await sql<{
          "QUERY PLAN": string;
        }>`explain select id from weekly_summaries where headline ilike '%tequila%' or content ilike '%tequila%' or snippets ilike '%tequila%'`.execute(
          conn,
        );
        await sql`reset enable_seqscan`.execute(conn);
        return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/Bitmap Index Scan on weekly_summaries_(headline|content|snippets)_trgm_idx/);
    }
  });
});
