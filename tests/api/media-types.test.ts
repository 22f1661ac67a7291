import fs from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startS3, type RunningS3 } from "../support/s3-server.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

// Point 10 of the hardening issue, on both stores: over-long names, If-Range,
// and the buckets holding and serving only the images and audio the site uses.
const TOKEN = "types-admin-token-0123456789";
const auth = { Authorization: `Bearer ${TOKEN}` };
const PIC = "/media/weekly-summary-pics/2026-10-16-barrel-house.jpg";
const PIC_BYTES = fs.readFileSync(path.join(ROOT, "content", PIC));
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

type Entry = { name: string; body: Buffer };

async function untar(archive: Buffer): Promise<Entry[]> {
  const entries: Entry[] = [];
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      if (header.type === "file") entries.push({ name: header.name, body: Buffer.concat(chunks) });
      next();
    });
  });
  const done = new Promise((resolve, reject) => extract.on("finish", resolve).on("error", reject));
  extract.end(gunzipSync(archive));
  await done;
  return entries;
}

async function retar(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => pack.on("end", resolve));
  for (const e of entries) pack.entry({ name: e.name }, e.body);
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

describe.each(["disk", "s3"] as const)("media types and names on the %s store", (kind) => {
  let s3: RunningS3 | undefined;
  let db: TestDatabase;
  let site: RunningServer;
  /** Puts a file into a bucket behind the site's back (by hand, or by an old restore). */
  let plant: (bucket: string, name: string, body: Buffer, contentType: string) => Promise<void>;

  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    if (kind === "s3") {
      s3 = await startS3();
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      plant = async (bucket, name, body, contentType) =>
        void (await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: name, Body: body, ContentType: contentType }),
        ));
    } else {
      plant = async (bucket, name, body) => fs.writeFileSync(path.join(db.dataDir, "media", bucket, name), body);
    }
    site = await startServer({ ...db.env, ...(s3?.env ?? {}), ADMIN_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
    await s3?.stop();
  });

  it("answers a name longer than any stored name with 404 (GET, HEAD) or 400 (upload), never 500", async () => {
    for (const length of [201, 250, 300]) {
      const name = `${"a".repeat(length - 4)}.mp3`;
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(`${site.url}/media/podcast-episodes/${name}`, { method });
        expect(res.status, `${method} of a ${length}-character name`).toBe(404);
      }
    }
    const upload = await fetch(`${site.url}/api/admin/media/podcast-episodes?name=${"b".repeat(300)}.mp3`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "audio/mpeg" },
      body: new Uint8Array(8),
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { error: string }).error).toMatch(/^name: must be at most 200 characters/);
  });

  it("honours If-Range: a validator that still matches gives 206, a stale one the whole file", async () => {
    const whole = await fetch(`${site.url}${PIC}`);
    expect(whole.status).toBe(200);
    const etag = whole.headers.get("etag")!;
    const lastModified = whole.headers.get("last-modified")!;
    const ranged = (ifRange: string) =>
      fetch(`${site.url}${PIC}`, { headers: { Range: "bytes=0-9", "If-Range": ifRange } });

    for (const current of [etag, lastModified]) {
      const res = await ranged(current);
      expect(res.status, `If-Range: ${current}`).toBe(206);
      expect(Buffer.from(await res.arrayBuffer()).equals(PIC_BYTES.subarray(0, 10))).toBe(true);
    }
    for (const stale of ['"an-older-version"', new Date(Date.parse(lastModified) - 86_400_000).toUTCString()]) {
      const res = await ranged(stale);
      expect(res.status, `If-Range: ${stale}`).toBe(200);
      expect(res.headers.get("content-range")).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(PIC_BYTES)).toBe(true);
    }
  });

  it("refuses a backup holding a file the buckets do not serve, naming it, and changes nothing", async () => {
    const backup = Buffer.from(await (await fetch(`${site.url}/api/admin/backup`, { headers: auth })).arrayBuffer());
    const entries = await untar(backup);
    const restore = (body: Buffer) =>
      fetch(`${site.url}/api/admin/restore`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/gzip" },
        body: new Uint8Array(body),
      });
    const refusals: Array<[Entry, RegExp]> = [
      [
        { name: "media/weekly-summary-pics/evil.html", body: HTML },
        /^archive: media\/weekly-summary-pics\/evil\.html is not a file the site serves \(a file in weekly-summary-pics must be a JPEG, PNG or WebP image\)$/,
      ],
      [
        { name: "media/weekly-summary-pics/evil.jpg", body: HTML },
        /^archive: media\/weekly-summary-pics\/evil\.jpg is not a file the site serves .*this one's bytes are of an unknown type\)$/,
      ],
      [
        { name: "media/podcast-episodes/cover.mp3", body: PIC_BYTES },
        /^archive: media\/podcast-episodes\/cover\.mp3 is not a file the site serves .*bytes are image\/jpeg, not audio\/mpeg\)$/,
      ],
    ];
    for (const [extra, message] of refusals) {
      const res = await restore(await retar([...entries, extra]));
      expect(res.status, extra.name).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect((await fetch(`${site.url}/${extra.name}`)).status).toBe(404);
    }
    // The backup as it was (the demo images and audio) restores.
    const ok = await restore(backup);
    expect(ok.status).toBe(200);
    expect((await fetch(`${site.url}${PIC}`)).status).toBe(200);
  });

  it("never serves a page or a script from a bucket, and serves a file by the type its name allows", async () => {
    await plant("weekly-summary-pics", "page.html", HTML, "text/html");
    await plant(
      "weekly-summary-pics",
      "drawing.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "image/svg+xml",
    );
    await plant("podcast-episodes", "notes.js", Buffer.from("alert(1)"), "text/javascript");
    for (const url of [
      "/media/weekly-summary-pics/page.html",
      "/media/weekly-summary-pics/drawing.svg",
      "/media/podcast-episodes/notes.js",
    ]) {
      const res = await fetch(`${site.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    }
    // A stored Content-Type of text/html does not carry over: the name says image/jpeg.
    await plant("weekly-summary-pics", "trick.jpg", HTML, "text/html");
    const trick = await fetch(`${site.url}/media/weekly-summary-pics/trick.jpg`);
    expect(trick.status).toBe(200);
    expect(trick.headers.get("content-type")).toBe("image/jpeg");
  });
});
