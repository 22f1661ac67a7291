// Throughput of every page and endpoint issue 8 names, against a bare node:http baseline
// serving the same bytes as our recap page, with autocannon (10 s per target, 64 and 8
// connections). Prints a table, writes bench/results/throughput.json.
// Usage: node bench/throughput.ts <base-url> <server-pid> <data-dir> [seconds]
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { rssMb } from "./demo-server.ts";

const [base, pidArg, dataDir] = process.argv.slice(2);
const seconds = Number(process.argv[5] ?? 10);
if (!base || !pidArg || !dataDir)
  throw new Error("usage: node bench/throughput.ts <base-url> <server-pid> <data-dir> [seconds]");
const pid = Number(pidArg);

// A 1 MB audio file for the range target: concatenated MP3s are still an MP3 stream.
const sample = fs.readFileSync(path.join(dataDir, "media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3"));
const big = Buffer.concat(Array.from({ length: Math.ceil((1024 * 1024) / sample.length) }, () => sample)).subarray(
  0,
  1024 * 1024,
);
fs.writeFileSync(path.join(dataDir, "media/podcast-episodes/bench-1mb.mp3"), big);

// The baseline: node:http answering with our recap page's bytes from memory.
const recapBytes = Buffer.from(await (await fetch(`${base}/recap/10`)).arrayBuffer());
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": recapBytes.length });
  res.end(recapBytes);
});
await new Promise<void>((r) => baseline.listen(0, "127.0.0.1", r));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

interface Target {
  name: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}
const targets: Target[] = [
  { name: "baseline (node:http, recap bytes)", url: `${baselineUrl}/` },
  { name: "/", url: `${base}/` },
  { name: "/recap", url: `${base}/recap` },
  { name: "/recap/10", url: `${base}/recap/10` },
  { name: "/explorer", url: `${base}/explorer` },
  { name: "/podcast", url: `${base}/podcast` },
  { name: "/api/recaps", url: `${base}/api/recaps` },
  { name: "/feeds/podcast.xml", url: `${base}/feeds/podcast.xml` },
  {
    name: "1 MB audio range",
    url: `${base}/media/podcast-episodes/bench-1mb.mp3`,
    headers: { Range: "bytes=0-1048575" },
  },
  {
    name: "comment POST",
    url: `${base}/api/recaps/3/comments`,
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ author_name: "Bench", comment_text: "Benchmark comment" }),
  },
];

const rows: Array<Record<string, string | number>> = [];
let baselineRps = 0;
for (const connections of [64, 8]) {
  for (const t of targets) {
    const result = await autocannon({
      url: t.url,
      connections,
      duration: seconds,
      method: t.method ?? "GET",
      headers: t.headers,
      body: t.body,
    });
    const rps = Math.round(result.requests.average);
    if (t.name.startsWith("baseline")) baselineRps = rps;
    rows.push({
      target: t.name,
      connections,
      "requests/s": rps,
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "errors+non2xx": result.errors + result.timeouts + result.non2xx,
      "vs baseline": t.name.startsWith("baseline") ? "1.00" : (rps / baselineRps).toFixed(2),
      "server RSS MB": t.name.startsWith("baseline") ? "" : Math.round(rssMb(pid)),
    });
  }
}
baseline.close();
const memory = { "server RSS after the run (MB)": +rssMb(pid).toFixed(1) };
console.table(rows);
console.table([memory]);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/throughput.json", JSON.stringify({ seconds, rows, ...memory }, null, 2));
