import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { finishJob, latestJob, startJob } from "./chat-jobs.ts";

describe.each(ENGINES)("deep-research jobs on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    await testDb?.drop();
  });
  const open = async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    return database.db;
  };

  it("keeps the latest run of a conversation, from running to done", async () => {
    const db = await open();
    const conversation = "6a9e1f0c-2b3d-4e5f-8a7b-9c0d1e2f3a4b";
    await startJob(db, { conversation, message: "first", clientAddress: null });
    await new Promise((r) => setTimeout(r, 5));
    const id = await startJob(db, { conversation, message: "second", clientAddress: "127.0.0.1" });
    expect(await latestJob(db, conversation)).toMatchObject({ id, message: "second", status: "running", output: null });
    await finishJob(db, id, { status: "done", output: "answer" });
    expect(await latestJob(db, conversation)).toMatchObject({ id, status: "done", output: "answer" });
    // A finished run is never changed again.
    await finishJob(db, id, { status: "failed", errorStatus: 500 });
    expect((await latestJob(db, conversation))!.status).toBe("done");
  });

  it("reports a run abandoned by a stopped server as timed out, so nothing waits forever", async () => {
    const db = await open();
    const conversation = "0b1c2d3e-4f50-4617-8899-aabbccddeeff";
    await startJob(db, { conversation, message: "orphan", clientAddress: null });
    const sixteenMinutesLater = Date.now() + 16 * 60_000 + 1_000;
    expect((await latestJob(db, conversation, Date.now() + 60_000))!.status).toBe("running");
    expect((await latestJob(db, conversation, sixteenMinutesLater))!.status).toBe("timed_out");
    expect((await latestJob(db, conversation))!.status).toBe("timed_out");
  });
});
