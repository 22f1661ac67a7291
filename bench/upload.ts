// Upload throughput of a large audio file through the publishing API, and the
// server's memory while it streams it to disk (the upload must never be held
// whole in memory). Starts its own server with ADMIN_TOKEN on a fresh data folder.
// Usage: node bench/upload.ts [megabytes]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HubClient } from "../server/cli/api-client.ts";
import { ROOT } from "../tests/support/server.ts";
import { rssMb, startDemoServer } from "./demo-server.ts";

const megabytes = Number(process.argv[2] ?? 100);
const TOKEN = "bench-admin-token-0123456789";

// Concatenated MP3 files are a valid MP3 stream: repeat a demo episode up to the size.
const sample = fs.readFileSync(path.join(ROOT, "content/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3"));
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "upload-bench-")), "big.mp3");
const out = fs.openSync(file, "w");
for (let written = 0; written < megabytes * 1024 * 1024; written += sample.length) fs.writeSync(out, sample);
fs.closeSync(out);
const bytes = fs.statSync(file).size;

const server = await startDemoServer({ ADMIN_TOKEN: TOKEN });
try {
  const pid = server.pid;
  const client = new HubClient(server.url, TOKEN);
  await fetch(`${server.url}/`); // warm up
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const stored = await client.upload<{ file: string; bytes: number }>("/api/admin/media/podcast-episodes?name=big.mp3", file);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (stored.bytes !== bytes) throw new Error(`stored ${stored.bytes} of ${bytes} bytes`);
  console.table([
    {
      "file MB": +(bytes / 1024 / 1024).toFixed(1),
      seconds: +seconds.toFixed(2),
      "MB/s": +(bytes / 1024 / 1024 / seconds).toFixed(1),
      "server RSS before (MB)": +before.toFixed(1),
      "server RSS peak during upload (MB)": +peak.toFixed(1),
      "server RSS after (MB)": +rssMb(pid).toFixed(1),
    },
  ]);
} finally {
  await server.stop();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
