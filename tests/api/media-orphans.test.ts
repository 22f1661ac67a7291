import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { S3Store } from "#server/media/s3-store.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startS3, type RunningS3 } from "../support/s3-server.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Point 9 of the hardening issue: an upload cut short (the uploader goes away,
// SIGTERM, SIGKILL) leaves nothing in the buckets: no unfinished multipart
// upload, no temporary object, no temporary file on disk.
const TOKEN = "orphans-admin-token-0123456789";
const BUCKET = "podcast-episodes";
/** More than one 8 MB part, so the S3 store has started a multipart upload. */
const FIRST_BYTES = 9 * 1024 * 1024;

/** Starts an upload that sends FIRST_BYTES of a declared 20 MB, then stalls (a slow uploader). */
function slowUpload(url: string) {
  const req = http.request(`${url}/api/admin/media/${BUCKET}?name=slow.mp3`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      "Content-Type": "audio/mpeg",
      "Content-Length": String(20 * 1024 * 1024),
    },
  });
  const answer = new Promise<number | string>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message));
  });
  req.write(Buffer.alloc(FIRST_BYTES, 1));
  return { req, answer };
}

/** Polls `check` (a control event: what the server has visibly done) until it holds, or fails after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sweepLine = (server: RunningServer) =>
  server.logs.find((l): l is Record<string, unknown> => typeof l === "object" && l.msg === "media sweep");

describe("S3 store: an upload cut short leaves nothing in the bucket", () => {
  let s3: RunningS3;
  let client: S3Client;
  const dbs: TestDatabase[] = [];
  const servers: RunningServer[] = [];

  /** Unfinished multipart uploads, from s3rver's own folder (what the store keeps, whatever the API says). */
  const partsOnDisk = () =>
    fs
      .readdirSync(path.join(s3.directory, BUCKET, "._S3rver_uploads"), { withFileTypes: true })
      .filter((e) => e.isDirectory()).length;
  const listedUploads = async () =>
    (await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads?.length ?? 0;
  const tempObjects = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
      .map((o) => o.Key!)
      .filter((k) => k.startsWith("."));
  const nothingLeft = async () =>
    partsOnDisk() === 0 && (await listedUploads()) === 0 && (await tempObjects()).length === 0;

  async function server(extra: Record<string, string> = {}) {
    const db = dbs[0] ?? (await freshDatabase("sqlite"));
    if (!dbs.length) dbs.push(db);
    const started = await startServer({ ...db.env, ...s3.env, ADMIN_TOKEN: TOKEN, SEED_DEMO: "false", ...extra });
    servers.push(started);
    return started;
  }

  beforeAll(async () => {
    s3 = await startS3();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    fs.mkdirSync(path.join(s3.directory, BUCKET, "._S3rver_uploads"), { recursive: true });
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop("SIGKILL")));
  });
  afterAll(async () => {
    for (const db of dbs) await db.drop();
    await s3?.stop();
  });

  it("SIGTERM during a slow upload aborts its multipart upload, then exits cleanly", async () => {
    const a = await server();
    const upload = slowUpload(a.url);
    await until("the multipart upload to start", () => partsOnDisk() === 1);
    expect(await listedUploads()).toBe(1);
    expect(await a.stop("SIGTERM")).toBe(0);
    expect(await upload.answer).not.toBe(201);
    expect(await nothingLeft()).toBe(true);
    expect(a.logs).toContainEqual(
      expect.objectContaining({ msg: "aborted uploads still arriving at shutdown", aborted: 1 }),
    );
  });

  it("an uploader that goes away mid-upload leaves no parts and no temporary object", async () => {
    const a = await server();
    const upload = slowUpload(a.url);
    await until("the multipart upload to start", () => partsOnDisk() === 1);
    upload.req.destroy();
    await until("the parts to be aborted", nothingLeft, 10_000);
    // The server is still serving.
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
  });

  it("after a SIGKILL mid-upload, the next start's sweep aborts the upload and deletes a stray temporary object", async () => {
    const a = await server();
    const upload = slowUpload(a.url);
    await until("the multipart upload to start", () => partsOnDisk() === 1);
    // What a kill between an upload's end and its renaming leaves: a whole temporary object.
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: ".upload-0c6f1f2e-killed", Body: "half of an episode" }),
    );
    await a.stop("SIGKILL");
    await upload.answer;
    expect(partsOnDisk()).toBe(1);
    expect(await tempObjects()).toEqual([".upload-0c6f1f2e-killed"]);
    // Leftovers older than MEDIA_ORPHAN_AGE_SECONDS (lowered for the test) are swept at start.
    await new Promise((r) => setTimeout(r, 1100));
    const b = await server({ MEDIA_ORPHAN_AGE_SECONDS: "1" });
    await until("the start-up sweep", () => sweepLine(b) !== undefined);
    expect(sweepLine(b)).toMatchObject({ abortedUploads: 1, removedTemps: 1 });
    expect(await nothingLeft()).toBe(true);
  });

  it("two instances sweeping at once abort each old upload once and keep the young ones", async () => {
    const store = new S3Store({
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      buckets: { "weekly-summary-pics": "weekly-summary-pics", "podcast-episodes": BUCKET },
    });
    const start = async (key: string) => {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key }));
      await client.send(new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId, PartNumber: 1, Body: "part" }));
      return UploadId!;
    };
    await Promise.all([start(".upload-old-1"), start(".upload-old-2"), start(".upload-old-3")]);
    await new Promise((r) => setTimeout(r, 1100));
    const young = await start(".upload-young");
    // Old uploads the earlier tests' killed servers may have left count too: all of them must go, once each.
    const uploads = (await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? [];
    const old = uploads.filter((u) => u.UploadId !== young);
    // The cutoff is read off the store's own clock (a file's mtime, what s3rver reports as Initiated), half a
    // second before the young upload began: with the test's clock moved ahead (bin/test-clock-ahead), the
    // store's is not, and a cutoff from Date.now() would call every upload old.
    const cutoff = new Date(uploads.find((u) => u.UploadId === young)!.Initiated!.getTime() - 500);
    const results = await Promise.all([store.sweepOrphans(cutoff), store.sweepOrphans(cutoff)]);
    expect(old.length).toBeGreaterThanOrEqual(3);
    expect(results.map((r) => r.abortedUploads).reduce((a, b) => a + b)).toBe(old.length);
    const left = (await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? [];
    expect(left.map((u) => u.UploadId)).toEqual([young]);
    await client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: ".upload-young", UploadId: young }));
    store.client.destroy();
  });
});

describe("S3 store without ListMultipartUploads (stock s3rver)", () => {
  it("still sweeps temporary objects, and says the store cannot list uploads", async () => {
    const s3 = await startS3(undefined, { multipartListing: false });
    const db = await freshDatabase("sqlite");
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    try {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: ".upload-stray", Body: "x" }));
      await new Promise((r) => setTimeout(r, 1100));
      const a = await startServer({ ...db.env, ...s3.env, SEED_DEMO: "false", MEDIA_ORPHAN_AGE_SECONDS: "1" });
      try {
        await until("the start-up sweep", () => sweepLine(a) !== undefined);
        expect(sweepLine(a)).toMatchObject({ removedTemps: 1 });
        expect(a.logs).toContainEqual(
          expect.objectContaining({ level: 40, msg: expect.stringContaining("cannot list multipart uploads") }),
        );
        expect((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).KeyCount).toBe(0);
      } finally {
        await a.stop();
      }
    } finally {
      client.destroy();
      await db.drop();
      await s3.stop();
    }
  });
});

describe("disk store: an upload cut short leaves no temporary file", () => {
  let db: TestDatabase;
  const servers: RunningServer[] = [];
  const bucketDir = () => path.join(db.dataDir, "media", BUCKET);
  const temps = () => (fs.existsSync(bucketDir()) ? fs.readdirSync(bucketDir()).filter((f) => f.startsWith(".")) : []);
  const writing = () => temps().some((f) => fs.statSync(path.join(bucketDir(), f)).size > 0);

  async function server(extra: Record<string, string> = {}) {
    const started = await startServer({ ...db.env, ADMIN_TOKEN: TOKEN, SEED_DEMO: "false", ...extra });
    servers.push(started);
    return started;
  }

  beforeAll(async () => {
    db = await freshDatabase("sqlite");
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop("SIGKILL")));
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("SIGTERM during a slow upload removes the half-written file, then exits cleanly", async () => {
    const a = await server();
    const upload = slowUpload(a.url);
    await until("the upload to reach the disk", writing);
    expect(await a.stop("SIGTERM")).toBe(0);
    expect(await upload.answer).not.toBe(201);
    expect(temps()).toEqual([]);
  });

  it("an uploader that goes away mid-upload leaves no temporary file", async () => {
    const a = await server();
    const upload = slowUpload(a.url);
    await until("the upload to reach the disk", writing);
    upload.req.destroy();
    await until("the temporary file to go", () => temps().length === 0, 10_000);
  });

  it("after a SIGKILL mid-upload, the next start's sweep removes the temporary file", async () => {
    const a = await server();
    const upload = slowUpload(a.url);
    await until("the upload to reach the disk", writing);
    await a.stop("SIGKILL");
    await upload.answer;
    expect(temps()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100));
    const b = await server({ MEDIA_ORPHAN_AGE_SECONDS: "1" });
    await until("the start-up sweep", () => sweepLine(b) !== undefined);
    expect(sweepLine(b)).toMatchObject({ removedTemps: 1 });
    expect(temps()).toEqual([]);
  });
});
