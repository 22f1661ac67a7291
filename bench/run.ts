// npm run bench: starts the built server on a fresh SQLite database with the
// demo content (127.0.0.1, a free port), runs the page and range-request
// measurements against it, and stops it. The Express-or-Hono comparison is `npm run bench:server-choice`.
import { execFileSync } from "node:child_process";
import { startDemoServer } from "./demo-server.ts";

// Comment posts are part of the measurement: the rate limit is lifted for the run.
const server = await startDemoServer({ COMMENT_RATE_PER_MINUTE: "100000000", COMMENT_RATE_PER_DAY: "100000000" });
try {
  for (const script of ["bench/first-load-js.ts", "bench/page-render.ts", "bench/range-requests.ts"]) {
    console.log(`\n$ node ${script} ${server.url}`);
    execFileSync(process.execPath, [script, server.url], { stdio: "inherit" });
  }
  console.log(`\n$ node bench/throughput.ts ${server.url} <pid> <data-dir>`);
  execFileSync(process.execPath, ["bench/throughput.ts", server.url, String(server.pid), server.db.dataDir], {
    stdio: "inherit",
  });
} finally {
  await server.stop();
}
