import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { snapshotSchema, type Snapshot } from "../data/backup.server.ts";
import { BUCKETS, type Bucket } from "./buckets.ts";

/** Stored media names: what uploads and the demo content produce, nothing that could climb out of a bucket. */
const MEDIA_NAME = /^[\w-][\w.-]*$/;
const SNAPSHOT_NAME = "backup.json";
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

export class ArchiveError extends Error {}

async function mediaFiles(mediaRoot: string, bucket: Bucket): Promise<string[]> {
  const entries = await fs.readdir(path.join(mediaRoot, bucket), { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && MEDIA_NAME.test(e.name)).map((e) => e.name).sort();
}

/**
 * A backup as one .tar.gz: `backup.json` (every row) and `media/<bucket>/<file>`
 * (every stored file), streamed file by file so memory stays flat however large the media.
 */
export async function writeBackupArchive(snapshot: Snapshot, mediaRoot: string, out: Writable): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), out);
  await new Promise<void>((resolve, reject) =>
    pack.entry({ name: SNAPSHOT_NAME, mtime: new Date(snapshot.created_at) }, Buffer.from(JSON.stringify(snapshot)), (err) => (err ? reject(err) : resolve())),
  );
  for (const bucket of BUCKETS) {
    for (const file of await mediaFiles(mediaRoot, bucket)) {
      const full = path.join(mediaRoot, bucket, file);
      const stat = await fs.stat(full);
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name: `media/${bucket}/${file}`, size: stat.size, mtime: stat.mtime }, (err) => (err ? reject(err) : resolve()));
        pipeline(createReadStream(full), entry).catch(reject);
      });
    }
  }
  pack.finalize();
  await done;
}

/**
 * Unpacks a backup into `stagingDir` (media) and returns its validated rows.
 * Any entry other than the snapshot and plain files in the two buckets is refused.
 */
export async function readBackupArchive(source: Readable, stagingDir: string): Promise<Snapshot> {
  const extract = tar.extract();
  let snapshotText: string | undefined;
  extract.on("entry", (header, stream, next) => {
    const fail = (message: string) => {
      stream.resume();
      extract.destroy(new ArchiveError(message));
    };
    const match = /^media\/([^/]+)\/([^/]+)$/.exec(header.name);
    if (header.type === "file" && header.name === SNAPSHOT_NAME) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_SNAPSHOT_BYTES) return fail("archive: backup.json is too large");
        chunks.push(chunk);
      });
      stream.on("end", () => {
        snapshotText = Buffer.concat(chunks).toString("utf8");
        next();
      });
      return;
    }
    if (header.type === "file" && match && (BUCKETS as readonly string[]).includes(match[1]!) && MEDIA_NAME.test(match[2]!)) {
      const dir = path.join(stagingDir, match[1]!);
      fs.mkdir(dir, { recursive: true })
        .then(() => pipeline(stream, createWriteStream(path.join(dir, match[2]!), { flags: "wx" })))
        .then(() => next(), (err: Error) => extract.destroy(err));
      return;
    }
    if (header.type === "directory" && /^media(\/[^/]+)?\/?$/.test(header.name)) {
      stream.resume();
      return next();
    }
    fail(`archive: unexpected entry ${header.name}`);
  });
  try {
    await pipeline(source, createGunzip(), extract);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`archive: not a readable .tar.gz backup (${(err as Error).message})`);
  }
  if (snapshotText === undefined) throw new ArchiveError("archive: backup.json is missing");
  let json: unknown;
  try {
    json = JSON.parse(snapshotText);
  } catch {
    throw new ArchiveError("archive: backup.json is not valid JSON");
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success) throw new ArchiveError(`archive: backup.json is not a Proofline backup (${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message})`);
  return parsed.data;
}

/** Puts the staged buckets in place of the live ones, each swapped by a rename. */
export async function replaceMedia(stagingDir: string, mediaRoot: string): Promise<number> {
  let files = 0;
  await fs.mkdir(mediaRoot, { recursive: true });
  for (const bucket of BUCKETS) {
    const staged = path.join(stagingDir, bucket);
    await fs.mkdir(staged, { recursive: true });
    files += (await mediaFiles(stagingDir, bucket)).length;
    const live = path.join(mediaRoot, bucket);
    const old = path.join(mediaRoot, `.old-${bucket}-${randomUUID()}`);
    const hadLive = await fs.rename(live, old).then(
      () => true,
      () => false,
    );
    await fs.rename(staged, live);
    if (hadLive) await fs.rm(old, { recursive: true, force: true });
  }
  return files;
}
