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
import { DiskStore } from "./disk-store.ts";
import { MEDIA_NAME, typeOfName, type MediaStore } from "./media-store.ts";

const SNAPSHOT_NAME = "backup.json";
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

export class ArchiveError extends Error {}

async function stagedFiles(stagingDir: string, bucket: Bucket): Promise<string[]> {
  const entries = await fs.readdir(path.join(stagingDir, bucket), { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && MEDIA_NAME.test(e.name)).map((e) => e.name).sort();
}

/**
 * A backup as one .tar.gz: `backup.json` (every row) and `media/<bucket>/<file>`
 * (every stored file), streamed file by file so memory stays flat however large the media.
 */
export async function writeBackupArchive(snapshot: Snapshot, store: MediaStore, out: Writable): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), out);
  await new Promise<void>((resolve, reject) =>
    pack.entry({ name: SNAPSHOT_NAME, mtime: new Date(snapshot.created_at) }, Buffer.from(JSON.stringify(snapshot)), (err) => (err ? reject(err) : resolve())),
  );
  for (const bucket of BUCKETS) {
    for (const file of await store.list(bucket)) {
      const stat = await store.stat(bucket, file);
      if (!stat) continue; // deleted since the listing
      const body = await store.read(bucket, file);
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name: `media/${bucket}/${file}`, size: stat.size, mtime: stat.lastModified }, (err) => (err ? reject(err) : resolve()));
        pipeline(body, entry).catch(reject);
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

/**
 * Puts the staged buckets in place of the live ones. On disk each bucket is
 * swapped by a rename; in an object store every staged file is uploaded, then
 * what the backup does not have is deleted (so a failure halfway leaves every
 * file the backup needs in place).
 */
export async function replaceMedia(stagingDir: string, store: MediaStore): Promise<number> {
  let files = 0;
  for (const bucket of BUCKETS) {
    const staged = path.join(stagingDir, bucket);
    await fs.mkdir(staged, { recursive: true });
    const names = await stagedFiles(stagingDir, bucket);
    files += names.length;
    if (store instanceof DiskStore) {
      await fs.mkdir(store.root, { recursive: true });
      const live = path.join(store.root, bucket);
      const old = path.join(store.root, `.old-${bucket}-${randomUUID()}`);
      const hadLive = await fs.rename(live, old).then(
        () => true,
        () => false,
      );
      await fs.rename(staged, live);
      if (hadLive) await fs.rm(old, { recursive: true, force: true });
      continue;
    }
    for (const name of names) await store.put(bucket, name, createReadStream(path.join(staged, name)), typeOfName(name));
    const keep = new Set(names);
    for (const name of await store.list(bucket)) if (!keep.has(name)) await store.remove(bucket, name);
  }
  return files;
}
