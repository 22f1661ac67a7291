// Used by the data-layer tests to start several processes on one database at once.
import { openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemoContent } from "#server/db/seed.ts";

const database = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR! });
try {
  const applied = await migrateToLatest(database.db);
  const seed = await seedDemoContent(database.db, process.env.DATA_DIR!);
  process.stdout.write(JSON.stringify({ applied, seeded: seed.seeded }));
} finally {
  await database.close();
}
