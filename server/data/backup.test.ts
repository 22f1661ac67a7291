import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../db/seed.ts";
import { createRecap } from "./admin-recaps.server.ts";
import { exportSnapshot, importSnapshot } from "./backup.server.ts";
import { addComment } from "./comments.server.ts";

describe.each(ENGINES)("backup snapshot on %s", (engine) => {
  const opened: Array<{ testDb: TestDatabase; database: Database }> = [];
  async function open(seed: boolean) {
    const testDb = await freshDatabase(engine);
    const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    opened.push({ testDb, database });
    await migrateToLatest(database.db);
    if (seed) await seedDemoContent(database.db, testDb.dataDir);
    return database.db;
  }
  afterEach(async () => {
    for (const { testDb, database } of opened.splice(0)) {
      await database.close();
      await testDb.drop();
    }
  });

  it("copies every row into an empty database, ids and all, and new rows number after them", async () => {
    const source = await open(true);
    await addComment(source, "recap", { parentId: 3, authorName: "A", commentText: "Kept", clientAddress: "127.0.0.1" });
    const snapshot = await exportSnapshot(source);
    expect(snapshot.tables.weekly_summaries.length).toBeGreaterThan(0);
    expect(snapshot.tables.recap_comments).toHaveLength(1);

    const target = await open(false);
    expect(await importSnapshot(target, snapshot)).toMatchObject({ weekly_summaries: snapshot.tables.weekly_summaries.length, recap_comments: 1 });
    const again = await exportSnapshot(target);
    expect(again.tables).toEqual(snapshot.tables);

    const maxId = Math.max(...snapshot.tables.weekly_summaries.map((r) => r.id));
    const { recap } = await createRecap(target, { date: "2026-12-31", headline: "New", content: "After" });
    expect(recap.id).toBe(maxId + 1);
  });

  it("replaces what was there, all or nothing", async () => {
    const target = await open(true);
    const before = await exportSnapshot(target);
    const broken = structuredClone(before);
    // A comment whose recap does not exist breaks the foreign key: nothing may change.
    broken.tables.recap_comments.push({ id: "00000000-0000-4000-8000-000000000000", recap_id: 999_999, author_name: "x", comment_text: "y", status: "visible", client_address: null, created_at: before.created_at });
    broken.tables.weekly_summaries = broken.tables.weekly_summaries.slice(0, 1);
    await expect(importSnapshot(target, broken)).rejects.toThrow();
    expect((await exportSnapshot(target)).tables).toEqual(before.tables);
  });
});
