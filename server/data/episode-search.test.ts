import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { episodePage, listEpisodes } from "./episodes.server.ts";
import { decodeCursor, pageWindow } from "./list-page.server.ts";

// The recap search's hard cases (server/data/recap-search.test.ts), over titles, descriptions and transcripts.
const WORDS = [
  "Añejo",
  "AÑEJO",
  "tequila",
  "Tequila's",
  "ÉCLAT",
  "Zürich",
  "50%",
  "an_underscore",
  '"quoted"',
  "RTD",
  "ready-to-drink",
  "bourbon",
  "Tariffs",
  "straße",
  "mezcal",
];
const NEEDLES = [
  "a",
  "é",
  "_",
  "%",
  '"',
  "50%",
  "añejo",
  "Éclat",
  "zürich",
  "tequila's",
  '"quoted"',
  "rtd",
  "ready-to",
  "bourbon tariffs",
  "straße",
  "mez",
  "cautious shopper",
  "a\u0000b",
  "no such text",
];

describe.each(ENGINES)("episode search on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  const rows: Array<{
    id: number;
    date: string;
    title: string;
    description: string;
    transcript: string | null;
    weekly_daily: string;
  }> = [];

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    let a = 11;
    const rand = () => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
    const phrase = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
    await database.db
      .insertInto("podcast_episodes")
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          date: new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
          title: phrase(3),
          description: phrase(8),
          transcript: i % 4 === 0 ? null : `WEBVTT\n\n00:00:00.000 --> 00:00:05.000\n${phrase(10)}\n`,
          weekly_daily: i % 2 ? ("daily" as const) : ("weekly" as const),
          guid: randomUUID(),
        })),
      )
      .execute();
    // A transcript added later, and a deletion, must reach the index too.
    const [first, second] = await database.db
      .selectFrom("podcast_episodes")
      .select("id")
      .orderBy("id")
      .limit(2)
      .execute();
    await database.db
      .updateTable("podcast_episodes")
      .set({ transcript: "Premium enough to gift, priced for a cautious shopper." })
      .where("id", "=", first!.id)
      .execute();
    await database.db.deleteFrom("podcast_episodes").where("id", "=", second!.id).execute();
    rows.push(
      ...(await database.db
        .selectFrom("podcast_episodes")
        .select(["id", "date", "title", "description", "transcript", "weekly_daily"])
        .execute()),
    );
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  const expected = (q: string, series?: string) => {
    const needle = q.trim().toLowerCase();
    return rows
      .filter(
        (r) =>
          (!series || r.weekly_daily === series) &&
          [r.title, r.description, r.transcript ?? ""].some((text) => text.toLowerCase().includes(needle)),
      )
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
      .map((r) => r.id);
  };

  it("finds exactly what a substring match of title, description or transcript finds", async () => {
    for (const q of NEEDLES) {
      const all: number[] = [];
      let cursor;
      do {
        const slice = await listEpisodes(database.db, { q, limit: 40, cursor });
        all.push(...slice.items.map((e) => e.id));
        expect(slice.total, q).toBe(expected(q).length);
        cursor = slice.nextCursor ? decodeCursor(slice.nextCursor) : undefined;
      } while (cursor);
      expect(all, q).toEqual(expected(q));
    }
    expect(expected("cautious shopper")).toHaveLength(1);
  });

  it("searches within a series, a numbered page at a time", async () => {
    const want = expected("tequila", "daily");
    const page = await episodePage(database.db, { q: "tequila", series: "daily", window: pageWindow(1, 10) });
    expect(page.total).toBe(want.length);
    expect(page.items.map((e) => e.id)).toEqual(want.slice(0, 10));
  });
});
