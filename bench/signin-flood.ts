// npm run bench:signin-flood [seconds] [in-flight]: a crowd signing in (each from its own
// address, for its own account, so every attempt reaches the password check) while audio
// ranges are read one after another, as a listener's app would: the ranges' p50 and p99
// during the flood, and how the sign-ins were answered. Password hashing shares libuv's thread
// pool with /media reads (docs/security.md, "Input limits").
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startDemoServer } from "./demo-server.ts";
import { deskClient, setUpDeskOwner } from "../tests/support/desk-client.ts";

const run = promisify(execFile);
const seconds = Number(process.argv[2] ?? 10);
const inFlight = Number(process.argv[3] ?? 200);
const TOKEN = "bench-signin-admin-token-0123456789";
const AUDIO = "/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3";

const demo = await startDemoServer({ ADMIN_TOKEN: TOKEN, TRUST_PROXY: "1", UV_THREADPOOL_SIZE: "4" });
try {
  await setUpDeskOwner(demo.url, TOKEN);
  const size = Number((await fetch(demo.url + AUDIO, { method: "HEAD" })).headers.get("content-length"));
  // Timed by curl, a process of its own, so that the crowd this script sends cannot delay the timing.
  const range = async () => {
    const start = Math.floor(Math.random() * (size - 65_536));
    const { stdout } = await run("curl", [
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{time_total}",
      "-H",
      `Range: bytes=${start}-${start + 65_535}`,
      demo.url + AUDIO,
    ]);
    return Number(stdout) * 1000;
  };
  const quantile = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

  const quiet: number[] = [];
  for (let i = 0; i < 200; i++) quiet.push(await range());

  const c = deskClient(demo.url);
  const csrf = await c.tokenOf("/admin/sign-in");
  const statuses = new Map<number, number>();
  let n = 0;
  const until = Date.now() + seconds * 1000;
  const signIn = async (): Promise<void> => {
    while (Date.now() < until) {
      const i = n++;
      // Each its own client (TRUST_PROXY=1) and account: no lockout stops it before the hash.
      const res = await c.post(
        "/admin/sign-in",
        { csrf, email: `flood-${i}@proofline.test`, password: `wrong-password-${i}` },
        { "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      );
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const flood = Promise.all(Array.from({ length: inFlight }, signIn));
  const during: number[] = [];
  await new Promise((r) => setTimeout(r, 500));
  while (Date.now() < until) during.push(await range());
  await flood;

  console.log(`Audio range requests (64 KiB) on ${demo.url}, one at a time:`);
  console.table([
    {
      when: "quiet",
      requests: quiet.length,
      "p50 ms": +quantile(quiet, 0.5).toFixed(1),
      "p99 ms": +quantile(quiet, 0.99).toFixed(1),
    },
    {
      when: `${inFlight} sign-ins in flight`,
      requests: during.length,
      "p50 ms": +quantile(during, 0.5).toFixed(1),
      "p99 ms": +quantile(during, 0.99).toFixed(1),
    },
  ]);
  console.log(`Sign-in answers during ${seconds} s: ${[...statuses].map(([s, k]) => `${k} × ${s}`).join(", ")}`);
} finally {
  await demo.stop();
}
