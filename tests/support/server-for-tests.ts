import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, type Engine, type TestDatabase } from "./databases.ts";
import { startServer, type RunningServer } from "./server.ts";

/**
 * One server on a fresh database for the enclosing file or describe block:
 * started before its tests, stopped and dropped after. Read `.server` and `.db` inside tests.
 */
export function serverForTests(
  env: Record<string, string> = {},
  engine: Engine = "sqlite",
): { server: RunningServer; db: TestDatabase } {
  const handle = {} as { server: RunningServer; db: TestDatabase };
  beforeAll(async () => {
    handle.db = await freshDatabase(engine);
    handle.server = await startServer({ ...handle.db.env, ...env });
  });
  afterAll(async () => {
    await handle.server?.stop();
    await handle.db?.drop();
  });
  return handle;
}

/**
 * As `serverForTests`, with a second connection to the server's own database
 * (`.direct`), for tests that write rows the way another program would.
 */
export function serverWithDirectAccess(
  engine: Engine = "sqlite",
  env: Record<string, string> = {},
): { server: RunningServer; db: TestDatabase; direct: Database } {
  const handle = {} as { server: RunningServer; db: TestDatabase; direct: Database };
  beforeAll(async () => {
    handle.db = await freshDatabase(engine);
    handle.server = await startServer({ ...handle.db.env, ...env });
    handle.direct = openDatabase({ databaseUrl: handle.db.databaseUrl, dataDir: handle.db.dataDir });
  });
  afterAll(async () => {
    await handle.direct?.close();
    await handle.server?.stop();
    await handle.db?.drop();
  });
  return handle;
}
