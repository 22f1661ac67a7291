import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BUCKETS, mediaRoot, type Bucket } from "./buckets.ts";
import { InFlightPuts } from "./in-flight-puts.ts";
import {
  isTempName,
  MEDIA_NAME,
  typeOfName,
  type MediaStore,
  type StoredObject,
  type SweepResult,
} from "./media-store.ts";

/** Media in DATA_DIR/media/<bucket>/: the default, for a single instance. */
export class DiskStore implements MediaStore {
  readonly kind = "disk" as const;
  readonly root: string;
  private readonly inFlight = new InFlightPuts();

  constructor(dataDir: string) {
    this.root = mediaRoot(dataDir);
  }

  localPath(bucket: Bucket, key: string): string {
    return path.join(this.root, bucket, key);
  }

  /** Written beside its place and renamed into it: a reader never sees half a file, and two writers of one name do not mix. */
  async put(bucket: Bucket, key: string, body: Readable): Promise<void> {
    await this.inFlight.track(body, async () => {
      await fs.mkdir(path.join(this.root, bucket), { recursive: true });
      const temp = this.localPath(bucket, `.put-${randomUUID()}`);
      try {
        await pipeline(body, createWriteStream(temp, { flags: "wx" }));
        await fs.rename(temp, this.localPath(bucket, key));
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    });
  }

  abortPuts(): Promise<number> {
    return this.inFlight.abortAll();
  }

  /** Temporary files (`.put-…`, `.upload-…`) and swapped-out buckets of a restore (`.old-…`) that a killed process left. */
  async sweepOrphans(olderThan: Date): Promise<SweepResult> {
    let removedTemps = 0;
    const stale = async (file: string) =>
      ((await fs.stat(file).catch(() => undefined))?.mtime ?? olderThan) < olderThan;
    for (const bucket of BUCKETS) {
      const dir = path.join(this.root, bucket);
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isFile() || !isTempName(entry.name) || !(await stale(path.join(dir, entry.name)))) continue;
        await fs.rm(path.join(dir, entry.name), { force: true });
        removedTemps++;
      }
    }
    for (const entry of await fs.readdir(this.root, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory() || !entry.name.startsWith(".old-") || !(await stale(path.join(this.root, entry.name))))
        continue;
      await fs.rm(path.join(this.root, entry.name), { recursive: true, force: true });
      removedTemps++;
    }
    return { abortedUploads: 0, removedTemps, listedUploads: true };
  }

  async rename(bucket: Bucket, from: string, to: string): Promise<void> {
    await fs.rename(this.localPath(bucket, from), this.localPath(bucket, to));
  }

  async stat(bucket: Bucket, key: string): Promise<StoredObject | undefined> {
    const stat = await fs.stat(this.localPath(bucket, key)).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    const etag = `"${createHash("sha1").update(`${stat.size}:${stat.mtimeMs}`).digest("hex").slice(0, 20)}"`;
    return { size: stat.size, etag, lastModified: stat.mtime, contentType: typeOfName(key) };
  }

  async read(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.localPath(bucket, key), range);
  }

  async list(bucket: Bucket): Promise<string[]> {
    const entries = await fs.readdir(path.join(this.root, bucket), { withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && MEDIA_NAME.test(e.name))
      .map((e) => e.name)
      .sort();
  }

  async remove(bucket: Bucket, key: string): Promise<void> {
    await fs.rm(this.localPath(bucket, key), { force: true });
  }
}
