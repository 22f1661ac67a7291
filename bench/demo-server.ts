import fs from "node:fs";
import { freshDatabase, type TestDatabase } from "../tests/support/databases.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";

export interface DemoServer {
  server: RunningServer;
  db: TestDatabase;
  url: string;
  pid: number;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

/**
 * The built server on a fresh SQLite database with the demo content (127.0.0.1,
 * a free port). Its request log is drained unread: kept, it would grow the
 * measuring process instead.
 */
export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  const db = await freshDatabase("sqlite");
  const server = await startServer({ ...db.env, ...env });
  server.process.stdout!.removeAllListeners("data");
  server.process.stdout!.resume();
  return {
    server,
    db,
    url: server.url,
    pid: server.process.pid!,
    async stop() {
      await server.stop();
      await db.drop();
    },
  };
}

/** A process's resident memory, in MB. */
export const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
