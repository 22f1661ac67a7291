import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemoContent } from "#server/db/seed.ts";
import { HubKnowledge, type HubIndex } from "#server/chat/hub-index.ts";

/**
 * The demo content in a SQLite database of its own, and the analyst's index
 * over it, for the tests of one file: made before them, removed after.
 */
export function demoHub(prefix: string): { index: HubIndex; database: Database } {
  const hub = {} as { index: HubIndex; database: Database };
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    hub.database = openDatabase({ dataDir: dir });
    await migrateToLatest(hub.database.db);
    await seedDemoContent(hub.database.db, dir);
    hub.index = await new HubKnowledge(hub.database.db).get();
  });
  afterAll(async () => {
    await hub.database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return hub;
}
