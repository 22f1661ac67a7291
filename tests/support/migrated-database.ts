import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { freshDatabase, type Engine, type TestDatabase } from "./databases.ts";

/**
 * A fresh database of `engine`, migrated, open for the enclosing file or describe block:
 * made before its tests, closed and dropped after. Read `.database` inside tests.
 */
export function migratedDatabaseForTests(engine: Engine): { database: Database; testDb: TestDatabase } {
  const handle = {} as { database: Database; testDb: TestDatabase };
  beforeAll(async () => {
    handle.testDb = await freshDatabase(engine);
    handle.database = openDatabase({ databaseUrl: handle.testDb.databaseUrl, dataDir: handle.testDb.dataDir });
    await migrateToLatest(handle.database.db);
  });
  afterAll(async () => {
    await handle.database?.close();
    await handle.testDb?.drop();
  });
  return handle;
}
