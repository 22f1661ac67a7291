import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { setUpDeskOwner } from "../support/desk-client.ts";
import { startS3, type RunningS3 } from "../support/s3-server.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

const TOKEN = "s3-admin-token-0123456789";
const auth = { Authorization: `Bearer ${TOKEN}` };
const MP3 = fs.readFileSync(path.join(ROOT, "content/media/podcast-episodes/2026-11-13-daily-rtd-cooler.mp3"));

// Two instances with their own data folders (on PostgreSQL; on SQLite they share
// the folder that holds the database file) and one object store: a file
// uploaded through A is served by B, and neither keeps media on its disk.
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

describe(`media in an S3-protocol store, two instances (${engine})`, () => {
  let s3: RunningS3;
  let dbA: TestDatabase;
  let dirB: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let stored: { file: string; url: string; bytes: number };

  beforeAll(async () => {
    s3 = await startS3();
    dbA = await freshDatabase(engine);
    dirB = await freshDatabase("sqlite"); // only its empty data folder is used on PostgreSQL
    const env = { ...dbA.env, ...s3.env, ADMIN_TOKEN: TOKEN, ANALYTICS_FLUSH_SECONDS: "0.1" };
    a = await startServer(env);
    b = await startServer({ ...env, ...(engine === "postgres" ? { DATA_DIR: dirB.dataDir } : {}), SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dbA?.drop();
    await dirB?.drop();
    await s3?.stop();
  });

  it("puts the demo media in the buckets, and serves them from there", async () => {
    const pic = await fetch(`${b.url}/media/weekly-summary-pics/2026-10-16-barrel-house.jpg`);
    expect(pic.status).toBe(200);
    expect(pic.headers.get("content-type")).toBe("image/jpeg");
    expect(
      Buffer.from(await pic.arrayBuffer()).equals(
        fs.readFileSync(path.join(ROOT, "content/media/weekly-summary-pics/2026-10-16-barrel-house.jpg")),
      ),
    ).toBe(true);
    expect(fs.existsSync(path.join(dbA.dataDir, "media"))).toBe(false);
  });

  it("takes an upload through A and plays it through B: whole, by range, revalidated", async () => {
    const res = await fetch(`${a.url}/api/admin/media/podcast-episodes?name=cooler.mp3`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "audio/mpeg" },
      body: new Uint8Array(MP3),
    });
    expect(res.status).toBe(201);
    stored = (await res.json()) as typeof stored;
    expect(stored.file).toMatch(/^cooler-[0-9a-f]{16}\.mp3$/);
    expect(stored.bytes).toBe(MP3.length);

    const whole = await fetch(`${b.url}${stored.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(MP3)).toBe(true);

    const part = await fetch(`${b.url}${stored.url}`, { headers: { Range: "bytes=100-1099" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${MP3.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(MP3.subarray(100, 1100))).toBe(true);

    const tail = await fetch(`${b.url}${stored.url}`, { headers: { Range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(MP3.subarray(MP3.length - 10))).toBe(true);

    const beyond = await fetch(`${b.url}${stored.url}`, { headers: { Range: `bytes=${MP3.length + 5}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${MP3.length}`);

    const again = await fetch(`${b.url}${stored.url}`, { headers: { "If-None-Match": whole.headers.get("etag")! } });
    expect(again.status).toBe(304);

    const head = await fetch(`${b.url}${stored.url}`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(MP3.length));
    expect((await fetch(`${b.url}/media/podcast-episodes/nothing-here.mp3`)).status).toBe(404);
    expect(
      (await fetch(`${b.url}/media/podcast-episodes/..%2Fweekly-summary-pics%2F2026-10-16-barrel-house.jpg`)).status,
    ).toBe(404);
    // Nothing on either instance's disk.
    for (const dir of [dbA.dataDir, dirB.dataDir]) expect(fs.existsSync(path.join(dir, "media"))).toBe(false);
  });

  it("keeps a desk session on both instances, and an upload through A's desk plays through B", async () => {
    const { client, csrf } = await setUpDeskOwner(a.url, TOKEN);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    // Signed in through A, the member is signed in on B too (sessions are in the database).
    const onB = await fetch(`${b.url}/admin/recaps`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    const pic = fs.readFileSync(path.join(ROOT, "content/media/weekly-summary-pics/2026-11-13-agave-bar.jpg"));
    const res = await fetch(`${a.url}/api/desk/media/weekly-summary-pics?name=agave.jpg`, {
      method: "POST",
      headers: { Cookie: cookie, "X-CSRF-Token": csrf, "Content-Type": "image/jpeg", Origin: a.url },
      body: new Uint8Array(pic),
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const served = await fetch(`${b.url}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pic)).toBe(true);
    // Without the session's CSRF token the desk refuses.
    const forged = await fetch(`${a.url}/api/desk/media/weekly-summary-pics?name=x.jpg`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "image/jpeg" },
      body: new Uint8Array(pic),
    });
    expect(forged.status).toBe(403);
  });

  it("publishes an episode through A with the length and size read from the stored file, and B lists it", async () => {
    const res = await fetch(`${a.url}/api/admin/episodes`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: "2026-11-27",
        title: "From the bucket",
        description: "Sample content.",
        weekly_daily: "daily",
        mp3_file: stored.file,
      }),
    });
    expect(res.status).toBe(201);
    const latest = (await (await fetch(`${b.url}/api/episodes/latest`)).json()) as {
      episode: { title: string; byte_size: number; duration_seconds: number; audio_url: string };
    };
    expect(latest.episode).toMatchObject({ title: "From the bucket", byte_size: MP3.length, audio_url: stored.url });
    expect(latest.episode.duration_seconds).toBeGreaterThan(0);
    const missing = await fetch(`${a.url}/api/admin/episodes`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: "2026-11-27",
        title: "Missing",
        description: "x",
        weekly_daily: "daily",
        mp3_file: "never-uploaded.mp3",
      }),
    });
    expect(await missing.json()).toEqual({
      error: "mp3_file: no file named never-uploaded.mp3 in podcast-episodes; upload it first",
    });
  });

  it("counts a download of audio it serves from the store, by the same rules as from disk", async () => {
    const { episodes } = (await (await fetch(`${a.url}/api/episodes?limit=1`)).json()) as {
      episodes: { id: number; audio_url: string }[];
    };
    const audio = new URL(episodes[0]!.audio_url, "http://x").pathname;
    const listen = (server: RunningServer, range?: string) =>
      fetch(`${server.url}${audio}`, {
        headers: {
          "User-Agent": "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)",
          ...(range ? { Range: range } : {}),
        },
      }).then((r) => r.arrayBuffer());
    await listen(b, "bytes=0-1"); // a probe: not a download
    await listen(a);
    await listen(b); // the same listener through the other instance, the same day
    const report = async () =>
      (await (await fetch(`${a.url}/api/admin/stats/downloads?days=1`, { headers: auth })).json()) as {
        total: number;
        episodes: { id: number; downloads: number }[];
      };
    for (const giveUp = Date.now() + 10_000; (await report()).total < 1; await new Promise((r) => setTimeout(r, 100)))
      if (Date.now() > giveUp) throw new Error("the download was never counted");
    await new Promise((r) => setTimeout(r, 500));
    expect((await report()).episodes).toEqual([expect.objectContaining({ id: episodes[0]!.id, downloads: 1 })]);
  });

  it("backs up the buckets with the rows, and a restore puts the files back", async () => {
    const backup = Buffer.from(await (await fetch(`${a.url}/api/admin/backup`, { headers: auth })).arrayBuffer());
    expect(backup.length).toBeGreaterThan(MP3.length);
    // The uploaded file is lost from the store...
    const { S3Client, DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await client.send(new DeleteObjectCommand({ Bucket: "podcast-episodes", Key: stored.file }));
    expect((await fetch(`${b.url}${stored.url}`)).status).toBe(404);
    // ...and comes back with the restore, served by the other instance.
    const restored = await fetch(`${a.url}/api/admin/restore`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/gzip" },
      body: new Uint8Array(backup),
    });
    expect(restored.status).toBe(200);
    const { restored: counts } = (await restored.json()) as { restored: { media_files: number } };
    expect(counts.media_files).toBe(
      fs.readdirSync(path.join(ROOT, "content/media/podcast-episodes")).length +
        fs.readdirSync(path.join(ROOT, "content/media/weekly-summary-pics")).length +
        2,
    ); // the demo media, and the two uploads above
    const back = await fetch(`${b.url}${stored.url}`);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(MP3)).toBe(true);
  });
});

describe("a server pointed at an object store that is not there", () => {
  it("refuses to start, naming the bucket", async () => {
    const s3 = await startS3(["weekly-summary-pics"]);
    const db = await freshDatabase("sqlite");
    try {
      await expect(startServer({ ...db.env, ...s3.env }, 8000)).rejects.toThrow(
        /S3 bucket podcast-episodes does not exist/,
      );
    } finally {
      await db.drop();
      await s3.stop();
    }
  });
});
