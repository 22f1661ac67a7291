// npm run bench: starts the built server on a fresh SQLite database with the
// demo content (127.0.0.1, a free port), runs the page and range-request
// measurements against it, and stops it. The Express-or-Hono comparison is `npm run bench:server-choice`.
import { execFileSync } from "node:child_process";
import { freshDatabase } from "../tests/support/databases.ts";
import { startServer } from "../tests/support/server.ts";

const db = await freshDatabase("sqlite");
const server = await startServer(db.env);
try {
  for (const script of ["bench/first-load-js.ts", "bench/page-render.ts", "bench/range-requests.ts"]) {
    console.log(`\n$ node ${script} ${server.url}`);
    execFileSync(process.execPath, [script, server.url], { stdio: "inherit" });
  }
} finally {
  await server.stop();
  await db.drop();
}
