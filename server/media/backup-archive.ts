import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import tar from "tar-stream";
import { snapshotSchema, type Snapshot } from "../data/backup.ts";
import { BUCKETS, type Bucket } from "./buckets.ts";
import { DiskStore } from "./disk-store.ts";
import { MEDIA_NAME, servedType, typeOfName, type MediaStore } from "./media-store.ts";
import { BUCKET_RULES } from "./store-upload.ts";

const SNAPSHOT_NAME = "backup.json";
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;
/** Bytes of each media file kept to recognise its type (as an upload's). */
const SNIFF_BYTES = 64 * 1024;

const notServed = (bucket: Bucket, name: string, bytes?: string) =>
  `archive: media/${bucket}/${name} is not a file the site serves (a file in ${bucket} must be ${BUCKET_RULES[bucket].describe}${bytes ? `; this one's bytes are ${bytes}` : ""})`;

/**
 * Why a staged media file of a backup may not go into its bucket, or
 * undefined when it may: its bytes must be a type the bucket serves (as an
 * upload's are judged) and agree with its name, so a restore cannot plant a
 * page or a script that the buckets would hand out.
 */
async function refusedMedia(bucket: Bucket, name: string, head: Buffer): Promise<string | undefined> {
  const types = BUCKET_RULES[bucket].types;
  const detected = await fileTypeFromBuffer(head);
  const byName = servedType(bucket, name);
  if (detected && byName && types[detected.mime] !== undefined && types[detected.mime] === types[byName])
    return undefined;
  return notServed(bucket, name, detected ? `${detected.mime}, not ${byName}` : "of an unknown type");
}

/** The most of a refused archive read (and dropped) after the refusal, so that its sender reads the answer; beyond it the connection is cut. */
const DRAIN_BYTES = 64 * 1024 * 1024;

export class ArchiveError extends Error {}

function drain(source: Readable, limit: number): Promise<void> {
  return new Promise((resolve) => {
    if (source.readableEnded || source.destroyed) return resolve();
    let bytes = 0;
    source.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) source.destroy();
    });
    for (const event of ["end", "close", "error"]) source.once(event, () => resolve());
    source.resume();
  });
}

async function stagedFiles(stagingDir: string, bucket: Bucket): Promise<string[]> {
  const entries = await fs.readdir(path.join(stagingDir, bucket), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && MEDIA_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * A backup as one .tar.gz: `backup.json` (every row) and `media/<bucket>/<file>`
 * (every stored file), streamed file by file so memory stays flat however large the media.
 */
export async function writeBackupArchive(snapshot: Snapshot, store: MediaStore, out: Writable): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), out);
  await new Promise<void>((resolve, reject) =>
    pack.entry(
      { name: SNAPSHOT_NAME, mtime: new Date(snapshot.created_at) },
      Buffer.from(JSON.stringify(snapshot)),
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  for (const bucket of BUCKETS) {
    for (const file of await store.list(bucket)) {
      // A file the bucket never serves (put there by hand) is not the site's, and a restore would refuse it.
      if (!servedType(bucket, file)) continue;
      const stat = await store.stat(bucket, file);
      if (!stat) continue; // deleted since the listing
      const body = await store.read(bucket, file);
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry(
          { name: `media/${bucket}/${file}`, size: stat.size, mtime: stat.lastModified },
          (err) => (err ? reject(err) : resolve()),
        );
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
      // The entry is destroyed with the extractor: without a listener its error would crash the process.
      stream.on("error", () => {});
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
    if (
      header.type === "file" &&
      match &&
      (BUCKETS as readonly string[]).includes(match[1]!) &&
      MEDIA_NAME.test(match[2]!)
    ) {
      const bucket = match[1] as Bucket;
      const name = match[2]!;
      // Refused by its name before a byte is written; by its bytes once they are staged.
      if (!servedType(bucket, name)) return fail(notServed(bucket, name));
      const dir = path.join(stagingDir, bucket);
      const head: Buffer[] = [];
      let headBytes = 0;
      const sniff = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (headBytes < SNIFF_BYTES) {
            head.push(chunk);
            headBytes += chunk.length;
          }
          done(null, chunk);
        },
      });
      fs.mkdir(dir, { recursive: true })
        .then(() => pipeline(stream, sniff, createWriteStream(path.join(dir, name), { flags: "wx" })))
        .then(() => refusedMedia(bucket, name, Buffer.concat(head).subarray(0, SNIFF_BYTES)))
        .then(
          (refusal) => (refusal ? extract.destroy(new ArchiveError(refusal)) : next()),
          (err: Error) => extract.destroy(err),
        );
      return;
    }
    if (header.type === "directory" && /^media(\/[^/]+)?\/?$/.test(header.name)) {
      stream.resume();
      return next();
    }
    fail(`archive: unexpected entry ${header.name}`);
  });
  const gunzip = createGunzip();
  // Not pipeline(source, …): a refused archive must not destroy the request, whose sender is owed the reason.
  source.on("error", (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  try {
    await pipeline(gunzip, extract);
  } catch (err) {
    source.unpipe(gunzip);
    await drain(source, DRAIN_BYTES);
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
  if (!parsed.success)
    throw new ArchiveError(
      `archive: backup.json is not a Proofline backup (${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message})`,
    );
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
    for (const name of names)
      await store.put(bucket, name, createReadStream(path.join(staged, name)), typeOfName(name));
    const keep = new Set(names);
    for (const name of await store.list(bucket)) if (!keep.has(name)) await store.remove(bucket, name);
  }
  return files;
}
