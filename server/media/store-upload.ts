import { createHash, randomUUID } from "node:crypto";
import { pipeline, Transform, type Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import type { Bucket } from "./buckets.ts";
import type { MediaStore } from "./media-store.ts";

/** What each bucket accepts, judged from the file's bytes, and how large. */
export const BUCKET_RULES: Record<Bucket, { maxBytes: number; types: Record<string, string>; describe: string }> = {
  "weekly-summary-pics": {
    maxBytes: 10 * 1024 * 1024,
    types: { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" },
    describe: "a JPEG, PNG or WebP image",
  },
  "podcast-episodes": {
    maxBytes: 500 * 1024 * 1024,
    types: { "audio/mpeg": "mp3", "audio/x-m4a": "m4a", "audio/mp4": "m4a" },
    describe: "an MP3 or M4A audio file",
  },
};

/** Bytes kept from the start of an upload to recognise its type. */
const SNIFF_BYTES = 64 * 1024;

export class UploadError extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

export interface StoredFile {
  /** The name to put in `blog_image` or `mp3_file`. */
  file: string;
  bytes: number;
  type: string;
  /** False when the same bytes were already stored under this name. */
  created: boolean;
}

/**
 * Streams an upload into the media store (never holding it whole in memory),
 * hashing and counting it on the way, then names it after its content:
 * `<label>-<hash>.<ext>`. A published address therefore never changes its
 * bytes, and uploading the same file twice gives the same name. The type comes
 * from the bytes, not the name.
 */
export async function storeUpload(
  source: Readable,
  store: MediaStore,
  bucket: Bucket,
  label: string | undefined,
): Promise<StoredFile> {
  const rules = BUCKET_RULES[bucket];
  // A leading dot: no list of the bucket (backups, the media routes) ever shows a half-written upload.
  const temp = `.upload-${randomUUID()}`;
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > rules.maxBytes)
        return done(new UploadError(413, `file: must be at most ${rules.maxBytes / 1024 / 1024} MB`));
      hash.update(chunk);
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
      }
      done(null, chunk);
    },
  });
  let stored = false;
  try {
    // pipeline() ties their fates (an upload over the limit stops reading the request) and hands back the meter for the store to read.
    await store.put(
      bucket,
      temp,
      pipeline(source, meter, () => {}),
      "application/octet-stream",
    );
    stored = true;
    if (bytes === 0) throw new UploadError(400, "file: the upload is empty");
    const detected = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES));
    const ext = detected && rules.types[detected.mime];
    if (!detected || !ext)
      throw new UploadError(
        400,
        `file: must be ${rules.describe} (this one is ${detected ? detected.mime : "of an unknown type"})`,
      );
    const file = `${label ? `${label}-` : ""}${hash.digest("hex").slice(0, 16)}.${ext}`;
    const exists = (await store.stat(bucket, file)) !== undefined;
    if (exists) await store.remove(bucket, temp);
    else await store.rename(bucket, temp, file, detected.mime);
    stored = false;
    return { file, bytes, type: detected.mime, created: !exists };
  } catch (err) {
    // A refused upload leaves nothing behind (a part-written one on disk, too).
    if (stored || store.kind === "disk") await store.remove(bucket, temp).catch(() => {});
    throw err;
  }
}

/** A readable label for a stored name from the uploader's file name: lower-case letters, digits and dashes. */
export function labelFrom(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const label = base
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return label || undefined;
}
