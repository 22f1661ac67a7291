import { afterAll, beforeAll } from "vitest";
import { freshDatabase, type Engine, type TestDatabase } from "./databases.ts";
import { startServer, type RunningServer } from "./server.ts";

/**
 * One server on a fresh database for the enclosing file or describe block:
 * started before its tests, stopped and dropped after. Read `.server` and `.db` inside tests.
 */
export function serverForTests(env: Record<string, string> = {}, engine: Engine = "sqlite"): { server: RunningServer; db: TestDatabase } {
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
