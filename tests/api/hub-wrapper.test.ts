import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

const run = promisify(execFile);
const TOKEN = "hub-wrapper-admin-token-0123456789";

/**
 * The operator's PATH: the system's Node and npm first (Node 20 on this machine),
 * not the Node 24 that bin/start and bin/test put into .tools/.
 */
const systemPath = (process.env.PATH ?? "")
  .split(":")
  .filter((dir) => !dir.includes(".tools") && !dir.includes("node_modules"))
  .join(":");

describe("npm run hub, as the docs give it, from a shell whose first node is the system's", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let callerDir: string;
  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    server = await startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN });
    callerDir = fs.mkdtempSync(path.join(os.tmpdir(), "proofline-caller-"));
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    fs.rmSync(callerDir, { recursive: true, force: true });
  });

  it(
    "runs the CLI under Node 24, with files named relative to the directory it was called from",
    { timeout: 60_000 },
    async () => {
      // On 3f297b8 this was `node server/cli/hub.ts` under whatever node came first: "Unknown file extension .ts" on Node 20.
      const { stdout } = await run(
        "npm",
        ["--prefix", ROOT, "run", "--silent", "hub", "--", "backup", "site.tar.gz", "--url", server.url],
        {
          cwd: callerDir,
          env: { PATH: systemPath, HOME: os.tmpdir(), ADMIN_TOKEN: TOKEN },
        },
      );
      expect(stdout).toContain("Saved a backup of");
      expect(fs.statSync(path.join(callerDir, "site.tar.gz")).size).toBeGreaterThan(1000);
    },
  );
});
