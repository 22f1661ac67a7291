// How long the server takes to answer a page: sequential requests (one at a
// time, so the figure is render time, not queueing), timed from request to the
// last byte on 127.0.0.1. The first request of each page is reported apart: it
// pays for rendering the markdown, which later requests take from the cache.
// Usage: node bench/page-render.ts [base-url] [requests] [path ...]
//        (default http://127.0.0.1:3000, 200 requests, /recap/10 and /recap)
import { performance } from "node:perf_hooks";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const requests = Number(process.argv[3] ?? 200);
const paths = process.argv.length > 4 ? process.argv.slice(4) : ["/recap/10", "/recap"];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const rows = [];
for (const path of paths) {
  const times: number[] = [];
  let first = 0;
  let bytes = 0;
  for (let i = 0; i <= requests; i++) {
    const start = performance.now();
    const res = await fetch(base + path, { headers: { "Accept-Encoding": "identity" } });
    const body = await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    if (i === 0) first = ms;
    else times.push(ms);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  rows.push({
    page: path,
    requests,
    "first (ms)": +first.toFixed(2),
    "median (ms)": +percentile(times, 50).toFixed(2),
    "p95 (ms)": +percentile(times, 95).toFixed(2),
    "HTML bytes": bytes,
  });
}
console.table(rows);
