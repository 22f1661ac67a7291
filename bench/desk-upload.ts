// A large episode uploaded through the editor's desk (its upload API, with the
// session cookie and CSRF header the desk's page sends), to the data folder and
// to an S3-protocol store (s3rver on 127.0.0.1): throughput, and the server's
// memory while it streams the file (it must never hold it whole).
// Usage: node bench/desk-upload.ts [megabytes]   (default 200)
import fs from "node:fs";
import { setUpDeskOwner } from "../tests/support/desk-client.ts";
import { startS3 } from "../tests/support/s3-server.ts";
import { makeBigMp3 } from "./big-mp3.ts";
import { rssMb, startDemoServer } from "./demo-server.ts";

const megabytes = Number(process.argv[2] ?? 200);
const TOKEN = "bench-admin-token-0123456789";

const { file, bytes, remove } = makeBigMp3(megabytes);

async function measure(store: "disk" | "s3", env: Record<string, string>) {
  const server = await startDemoServer({ ADMIN_TOKEN: TOKEN, ...env });
  try {
    const { client, csrf } = await setUpDeskOwner(server.url, TOKEN);
    const pid = server.pid;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/desk/media/podcast-episodes?name=big.mp3`, {
      method: "POST",
      headers: {
        Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        "X-CSRF-Token": csrf,
        "Content-Type": "audio/mpeg",
        "Content-Length": String(bytes),
        Origin: server.url,
      },
      body: fs.createReadStream(file) as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    const stored = (await res.json()) as { bytes?: number; duration_seconds?: number; error?: string };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (stored.bytes !== bytes) throw new Error(`stored ${stored.bytes} of ${bytes} bytes: ${stored.error}`);
    return {
      store,
      "file MB": +(bytes / 1024 / 1024).toFixed(1),
      "duration read (s)": stored.duration_seconds,
      seconds: +seconds.toFixed(2),
      "MB/s": +(bytes / 1024 / 1024 / seconds).toFixed(1),
      "server RSS before (MB)": +before.toFixed(1),
      "server RSS peak (MB)": +peak.toFixed(1),
      "server RSS after (MB)": +rssMb(pid).toFixed(1),
    };
  } finally {
    await server.stop();
  }
}

const s3 = await startS3();
try {
  console.table([await measure("disk", {}), await measure("s3", s3.env)]);
} finally {
  await s3.stop();
  remove();
}
