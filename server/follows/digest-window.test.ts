import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { readDigestWindow } from "./digest-compose.ts";

const RECAPS = 100;

describe.each(ENGINES)("reading a digest's window on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    for (let i = 0; i < RECAPS; i++)
      await createRecap(database.db, {
        date: "2026-11-20",
        headline: `Week ${i}`,
        content: `## Spirits\n\nDiageo said ${i} things.\n\n## Beer\n\nNothing ${i}.`,
        tags: [],
      });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  // An archive import followed by `hub digest send` puts thousands of recaps in one window: cut in one
  // go, they held the server's event loop for about 14 s over 5,000 (bench/digest-send.ts).
  it("lets the server run other work while it cuts many recaps into paragraphs", async () => {
    let ticks = 0;
    let reading = true;
    const tick = () => {
      if (!reading) return;
      ticks++;
      setImmediate(tick);
    };
    const read = readDigestWindow(database.db, "2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z");
    setImmediate(tick);
    const window = await read.finally(() => (reading = false));
    expect(window.recaps).toHaveLength(RECAPS);
    expect(window.recaps[0]!.paragraphs.map((p) => p.text)).toEqual(["Diageo said 0 things.", "Nothing 0."]);
    // With the driver's own waits aside, the cutting alone yields once every 20 recaps.
    expect(ticks).toBeGreaterThanOrEqual(RECAPS / 20 - 1);
  });
});
