// Upload throughput of a large audio file through the publishing API, and the
// server's memory while it streams it to disk (the upload must never be held
// whole in memory). Starts its own server with ADMIN_TOKEN on a fresh data folder.
// Usage: node bench/upload.ts [megabytes]
import { HubClient } from "#server/cli/api-client.ts";
import { makeBigMp3 } from "./big-mp3.ts";
import { rssMb, startDemoServer } from "./demo-server.ts";

const megabytes = Number(process.argv[2] ?? 100);
const TOKEN = "bench-admin-token-0123456789";

const { file, bytes, remove } = makeBigMp3(megabytes);

const server = await startDemoServer({ ADMIN_TOKEN: TOKEN });
try {
  const pid = server.pid;
  const client = new HubClient(server.url, TOKEN);
  await fetch(`${server.url}/`); // warm up
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const stored = await client.upload<{ file: string; bytes: number }>(
    "/api/admin/media/podcast-episodes?name=big.mp3",
    file,
  );
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
  remove();
}
