// npm run budget: the first-load JavaScript of every page against its budget,
// measured on the built server (fresh SQLite database, demo content, 127.0.0.1).
// Part of `npm run validate`; exits 1 when a page is over.
import { execFileSync } from "node:child_process";
import { startDemoServer } from "./demo-server.ts";

const server = await startDemoServer();
let status = 0;
try {
  execFileSync(process.execPath, ["bench/first-load-js.ts", server.url, "--budget"], { stdio: "inherit" });
} catch {
  status = 1;
} finally {
  await server.stop();
}
process.exit(status);
