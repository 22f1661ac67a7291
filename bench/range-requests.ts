// Throughput of byte-range requests for one audio file, as podcast apps make
// them: autocannon on 127.0.0.1, 16 connections, each request a random 64 KiB
// window of the file (plus Apple's "bytes=0-1" probe mixed in).
// Usage: node bench/range-requests.ts <base-url> [seconds] [file]
import autocannon from "autocannon";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const seconds = Number(process.argv[3] ?? 10);
const file = process.argv[4] ?? "/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3";
const url = base + file;

const size = Number((await fetch(url, { method: "HEAD" })).headers.get("content-length"));
if (!size) throw new Error(`${url} has no size`);
const WINDOW = 64 * 1024;

const result = await autocannon({
  url,
  connections: 16,
  duration: seconds,
  requests: [
    {
      setupRequest(req) {
        const probe = Math.random() < 0.1;
        const start = probe ? 0 : Math.floor(Math.random() * Math.max(1, size - WINDOW));
        const end = probe ? 1 : Math.min(size - 1, start + WINDOW - 1);
        return { ...req, headers: { ...req.headers, Range: `bytes=${start}-${end}` } };
      },
    },
  ],
});

const non206 = result.statusCodeStats ? Object.entries(result.statusCodeStats).filter(([code]) => code !== "206") : [];
console.table([
  {
    file,
    "file bytes": size,
    "requests/s (mean)": Math.round(result.requests.average),
    "MB/s (mean)": +(result.throughput.average / 1e6).toFixed(1),
    "latency p50 (ms)": result.latency.p50,
    "latency p99 (ms)": result.latency.p99,
    errors: result.errors + result.non2xx,
    "other statuses": non206.map(([c, s]) => `${c}:${(s as { count: number }).count}`).join(" ") || "none",
  },
]);
