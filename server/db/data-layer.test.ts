import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { ROOT } from "../../tests/support/server.ts";
import { openDatabase, type Database } from "./client.ts";
import { migrateTo, migrateToLatest } from "./migrate.ts";
import { seedDemoContent } from "./seed.ts";

const run = promisify(execFile);

// Each case makes a fresh database, and one seeds the whole demo content: on PostgreSQL, on a CI
// machine running other suites, that took past the unit project's 5 s (a rehearsal), though nothing
// here measures speed.
describe.each(ENGINES)("data layer on %s", { timeout: 30_000 }, (engine) => {
  let testDb: TestDatabase;
  let database: Database;

  async function open() {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    return database;
  }

  afterEach(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it("migrates an empty database, and a second run applies nothing", async () => {
    const { db } = await open();
    expect(await migrateToLatest(db)).toEqual([
      "2026-11-21T0900-initial",
      "2026-11-21T1200-episode-external-key",
      "2026-11-21T1500-chat-jobs",
      "2026-11-21T1800-content-version",
      "2026-11-22T1000-search-and-paging",
      "2026-11-22T2200-chat-conversations",
      "2026-11-22T2300-episode-transcripts",
      "2026-11-23T0100-editors-desk",
      "2026-11-23T0900-newsletter",
      "2026-11-24T1200-confirmation-queue",
      "2026-11-25T0900-chat-shares-and-feedback",
      "2026-11-26T0900-site-search",
      "2026-11-27T0900-episode-tags",
      "2026-11-28T0900-audience",
      "2026-11-29T0900-audience-limits",
      "2026-11-30T0900-kept-answers",
      "2026-12-01T0900-sample-flag",
      "2026-12-02T0900-market-data",
      "2026-12-03T0900-label-approvals",
      "2026-12-04T0900-sec-filings",
      "2026-12-05T0900-follows",
    ]);
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(["weekly_summaries", "recap_comments", "podcast_episodes", "podcast_comments"]),
    );
  });

  it("has the spec's columns on the spec's tables", async () => {
    const { db } = await open();
    await migrateToLatest(db);
    const columns = Object.fromEntries(
      (await db.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]),
    );
    expect(columns.weekly_summaries).toEqual(
      expect.arrayContaining(["id", "date", "headline", "content", "snippets", "tags", "blog_image"]),
    );
    expect(columns.recap_comments).toEqual(
      expect.arrayContaining(["id", "recap_id", "author_name", "comment_text", "created_at", "status"]),
    );
    expect(columns.podcast_episodes).toEqual(
      expect.arrayContaining(["id", "date", "title", "description", "mp3_file", "weekly_daily"]),
    );
    expect(columns.podcast_comments).toEqual(
      expect.arrayContaining(["id", "episode_id", "author_name", "comment_text", "created_at", "status"]),
    );
  });

  it("keeps dates as ISO strings and rejects an unknown series", async () => {
    const { db } = await open();
    await migrateToLatest(db);
    const row = await db
      .insertInto("weekly_summaries")
      .values({ date: "2026-11-20", headline: "H", content: "C" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(row.date).toBe("2026-11-20");
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await expect(
      db
        .insertInto("podcast_episodes")
        .values({ date: "2026-11-20", title: "T", description: "D", weekly_daily: "monthly" as "daily", guid: "g" })
        .execute(),
    ).rejects.toThrow();
  });

  it("seeds the demo content into an empty database, once", async () => {
    const { db } = await open();
    await migrateToLatest(db);
    expect(await seedDemoContent(db, testDb.dataDir)).toEqual({ seeded: true, recaps: 10, episodes: 7 });
    expect(await seedDemoContent(db, testDb.dataDir)).toEqual({ seeded: false, recaps: 0, episodes: 0 });
    const recaps = await db.selectFrom("weekly_summaries").selectAll().execute();
    expect(recaps).toHaveLength(10);
    // Every demo item is visibly marked as sample content, by its flag and in its text, never by a topic.
    for (const r of recaps) expect(r.content).toMatch(/\*\*Sample content\.\*\*/);
    const episodes = await db.selectFrom("podcast_episodes").selectAll().orderBy("date", "desc").execute();
    for (const e of episodes) expect(`${e.title} ${e.description}`).toMatch(/sample/i);
    for (const item of [...recaps, ...episodes]) {
      expect(Number(item.sample)).toBe(1);
      expect(item.tags ?? "").not.toMatch(/sample/i);
    }
    expect(new Set(episodes.map((e) => e.weekly_daily))).toEqual(new Set(["daily", "weekly"]));
    const withAudio = episodes.filter((e) => e.mp3_file);
    expect(withAudio.length).toBe(6);
    expect(episodes.filter((e) => !e.mp3_file)).toHaveLength(1);
    for (const e of withAudio) {
      const file = path.join(testDb.dataDir, "media/podcast-episodes", e.mp3_file!);
      expect(fs.statSync(file).size).toBe(e.byte_size);
      expect(e.duration_seconds).toBeGreaterThan(5);
    }
    const images = recaps.filter((r) => r.blog_image);
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const r of images)
      expect(fs.existsSync(path.join(testDb.dataDir, "media/weekly-summary-pics", r.blog_image!))).toBe(true);
    expect(recaps.some((r) => (r.snippets ?? "").length > 350)).toBe(true);
  });

  it("turns the old 'Sample content' tag into the sample flag, keeping the other tags", async () => {
    const { db } = await open();
    await migrateTo(db, "2026-11-30T0900-kept-answers");
    const recap = (headline: string, tags: string | null) => ({ date: "2026-11-20", headline, content: "Text.", tags });
    await db
      .insertInto("weekly_summaries")
      .values([
        recap("Demo", JSON.stringify(["Sample content", "Tequila"])),
        recap("Only sample", JSON.stringify(["Sample content"])),
        recap("Reporting", JSON.stringify(["Tequila"])),
        recap("Untagged", null),
      ])
      .execute();
    await db
      .insertInto("podcast_episodes")
      .values({
        date: "2026-11-20",
        title: "Demo episode",
        description: "D.",
        weekly_daily: "daily",
        guid: "g-1",
        tags: JSON.stringify(["Rum", "Sample content"]),
      })
      .execute();
    await migrateToLatest(db);
    const recaps = await db
      .selectFrom("weekly_summaries")
      .select(["headline", "tags", "sample"])
      .orderBy("id")
      .execute();
    expect(recaps.map((r) => [r.headline, r.tags, Number(r.sample)])).toEqual([
      ["Demo", '["Tequila"]', 1],
      ["Only sample", null, 1],
      ["Reporting", '["Tequila"]', 0],
      ["Untagged", null, 0],
    ]);
    const episode = await db.selectFrom("podcast_episodes").select(["tags", "sample"]).executeTakeFirstOrThrow();
    expect([episode.tags, Number(episode.sample)]).toEqual(['["Rum"]', 1]);
  });

  it("does not seed a database that already has content", async () => {
    const { db } = await open();
    await migrateToLatest(db);
    await db.insertInto("weekly_summaries").values({ date: "2026-01-02", headline: "Ours", content: "Real" }).execute();
    expect((await seedDemoContent(db, testDb.dataDir)).seeded).toBe(false);
    const { n } = await db
      .selectFrom("weekly_summaries")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it("lets several processes migrate and seed at once: all succeed, one seeds", async () => {
    await open();
    const env = { ...process.env, ...testDb.env };
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        run(process.execPath, ["tests/support/migrate-and-seed.ts"], { cwd: ROOT, env }).then(
          (r) => JSON.parse(r.stdout) as { applied: string[]; seeded: boolean },
        ),
      ),
    );
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(results.flatMap((r) => r.applied)).toEqual([
      "2026-11-21T0900-initial",
      "2026-11-21T1200-episode-external-key",
      "2026-11-21T1500-chat-jobs",
      "2026-11-21T1800-content-version",
      "2026-11-22T1000-search-and-paging",
      "2026-11-22T2200-chat-conversations",
      "2026-11-22T2300-episode-transcripts",
      "2026-11-23T0100-editors-desk",
      "2026-11-23T0900-newsletter",
      "2026-11-24T1200-confirmation-queue",
      "2026-11-25T0900-chat-shares-and-feedback",
      "2026-11-26T0900-site-search",
      "2026-11-27T0900-episode-tags",
      "2026-11-28T0900-audience",
      "2026-11-29T0900-audience-limits",
      "2026-11-30T0900-kept-answers",
      "2026-12-01T0900-sample-flag",
      "2026-12-02T0900-market-data",
      "2026-12-03T0900-label-approvals",
      "2026-12-04T0900-sec-filings",
      "2026-12-05T0900-follows",
    ]);
    const { n } = await database.db
      .selectFrom("weekly_summaries")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(10);
  }, 60_000);

  if (engine === "sqlite") {
    it("runs SQLite in WAL mode with synchronous=FULL and foreign keys on", async () => {
      const { db } = await open();
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2);
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBeGreaterThan(0);
    });
  }
});
