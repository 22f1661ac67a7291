import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemoContent } from "#server/db/seed.ts";
import { seedDemoMarketData } from "#server/market/demo-market-data.ts";

export interface DemoDatabase {
  database: Database;
  /** Closes the database and removes its folder. */
  remove(): Promise<void>;
}

/** The demo content in a SQLite database of its own, in a fresh temporary folder named from `prefix`. */
export async function openDemoDatabase(prefix: string): Promise<DemoDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = openDatabase({ dataDir: dir });
  const remove = async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db, dir);
    await seedDemoMarketData(database.db);
  } catch (err) {
    await remove();
    throw err;
  }
  return { database, remove };
}
