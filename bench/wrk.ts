// npm run bench:wrk: throughput with wrk (Debian's package; installed with apt-get when
// missing and running as root), 2 threads and 64 connections, 10 s per target, against
// the built server on the demo content, and against a bare node:http server sending the
// very same bytes (the server's own brotli answer for that path) in the same run. Prints
// requests/s, latency and the ratio to the bare server; writes bench/results/wrk.json.
// Targets (issue 43): cached pages >= 0.6 of the bare server, API lists, feeds and the rest >= 0.5.
// Each target is measured in ROUNDS alternating pairs (bare, then server) after a warm-up of
// the server, and the medians are compared: on a shared 2-core machine one pair of runs can
// differ by half from the next.
// Usage: [REQUEST_LOG_SAMPLE=0.01] node bench/wrk.ts [seconds per run] [connections] [rounds] [target ...]
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { rssMb, startDemoServer } from "./demo-server.ts";

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 64);
const ROUNDS = Number(process.argv[4] ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function ensureWrk(): void {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  if (process.getuid?.() !== 0) throw new Error("wrk is missing: run 'sudo apt-get install wrk'");
  console.log("Installing wrk from Debian's packages");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "wrk"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** The server's answer for `url` as a client asking for brotli gets it: status, headers and undecoded bytes. */
function rawGet(url: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "br, gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve({ headers: res.headers, body: Buffer.concat(chunks) })
            : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

interface WrkResult {
  rps: number;
  p50: string;
  p99: string;
  errors: number;
}

// Asynchronous: the bare server lives in this process and must keep answering while wrk runs.
const run = promisify(execFile);

async function wrk(url: string, duration = seconds): Promise<WrkResult> {
  const { stdout: out } = await run(
    "wrk",
    ["-t2", `-c${connections}`, `-d${duration}s`, "--latency", "-H", "Accept-Encoding: br, gzip", url],
    { encoding: "utf8" },
  );
  const latency = (p: string) => new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "?";
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? "0";
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]),
    p50: latency("50"),
    p99: latency("99"),
    errors: Number(errors) + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
  };
}

ensureWrk();
// REQUEST_LOG_SAMPLE, when set, is the server's (its default logs every successful request).
const logSample = process.env.REQUEST_LOG_SAMPLE;
const demo = await startDemoServer(logSample ? { REQUEST_LOG_SAMPLE: logSample } : {});
// Every kind of cached answer (issue 43): pages, then the API lists, feeds, the sitemap and robots.txt.
const pages = [
  "/",
  "/recap",
  "/recap/10",
  "/podcast",
  "/explorer",
  "/chat",
  "/search?q=tequila",
  "/topics/tequila",
  "/data",
];
const named = process.argv.slice(5);
const every = [
  ...pages,
  "/api/recaps",
  "/api/episodes",
  "/api/companies",
  "/feeds/podcast.xml",
  "/feeds/recaps.xml",
  "/sitemap.xml",
  "/robots.txt",
];
const paths = named.length ? every.filter((p) => named.includes(p)) : every;
// The same bytes, from memory, with the same type and encoding: what a bare server can do.
const answers = new Map<string, { headers: http.OutgoingHttpHeaders; body: Buffer }>();
for (const p of paths) {
  const { headers, body } = await rawGet(demo.url + p);
  answers.set(p, {
    headers: {
      "Content-Type": headers["content-type"],
      ...(headers["content-encoding"] ? { "Content-Encoding": headers["content-encoding"] } : {}),
      "Content-Length": body.length,
    },
    body,
  });
}
const bare = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? "")!;
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const rows = [];
try {
  for (const p of paths) {
    await wrk(demo.url + p, 2); // warm-up: the JIT, and the copy in the cache
    const baseline: WrkResult[] = [];
    const ours: WrkResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await wrk(bareUrl + p));
      ours.push(await wrk(demo.url + p));
    }
    const bareRps = median(baseline.map((r) => r.rps));
    const serverRps = median(ours.map((r) => r.rps));
    const typical = ours.find((r) => r.rps === serverRps)!;
    rows.push({
      target: p,
      bytes: answers.get(p)!.body.length,
      encoding: String(answers.get(p)!.headers["Content-Encoding"] ?? "identity"),
      "bare req/s": Math.round(bareRps),
      "server req/s": Math.round(serverRps),
      ratio: +(serverRps / bareRps).toFixed(2),
      goal: pages.includes(p) ? 0.6 : 0.5,
      "server p50": typical.p50,
      "server p99": typical.p99,
      errors: ours.reduce((n, r) => n + r.errors, 0),
    });
  }
  console.log(
    `wrk -t2 -c${connections} -d${seconds}s, medians of ${ROUNDS} alternating rounds, demo content on SQLite, REQUEST_LOG_SAMPLE=${logSample ?? "1 (default)"}; server RSS after the run: ${rssMb(demo.pid).toFixed(1)} MB`,
  );
  console.table(rows);
  fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, "results", "wrk.json"), JSON.stringify(rows, null, 2));
} finally {
  bare.close();
  await demo.stop();
}
