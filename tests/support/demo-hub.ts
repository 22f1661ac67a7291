import { afterAll, beforeAll } from "vitest";
import type { Database } from "#server/db/client.ts";
import { HubKnowledge, type HubIndex } from "#server/analyst/hub-index.ts";
import { openDemoDatabase, type DemoDatabase } from "./demo-database.ts";

/**
 * The demo content in a SQLite database of its own, and the analyst's index
 * over it, for the tests of one file: made before them, removed after.
 */
export function demoHub(prefix: string): { index: HubIndex; database: Database } {
  const hub = {} as { index: HubIndex; database: Database };
  let demo: DemoDatabase | undefined;
  beforeAll(async () => {
    demo = await openDemoDatabase(prefix);
    hub.database = demo.database;
    hub.index = await new HubKnowledge(hub.database.db).get();
  });
  afterAll(async () => {
    await demo?.remove();
  });
  return hub;
}
