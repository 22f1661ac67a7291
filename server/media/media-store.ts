import type { Readable } from "node:stream";
import type { Bucket } from "./buckets.ts";

/** What a sweep of leftovers removed (see sweepOrphans). */
export interface SweepResult {
  /** Unfinished multipart uploads aborted (an object store's; none on disk). */
  abortedUploads: number;
  /** Half-written or never-renamed temporary files and objects removed. */
  removedTemps: number;
  /** False when the object store cannot list unfinished multipart uploads (s3rver, some S3 clones). */
  listedUploads: boolean;
}

/** What a store knows of one stored file. */
export interface StoredObject {
  size: number;
  /** A strong validator for the bytes (quoted, as an ETag header carries it). */
  etag: string;
  lastModified: Date;
  contentType: string | undefined;
}

/**
 * Where media files live: the data folder of this instance (`disk`), or an
 * S3-protocol object store that every instance shares (`s3`). Everything that
 * reads or writes media goes through this, so the rest of the server does not
 * care which.
 */
export interface MediaStore {
  readonly kind: "disk" | "s3";
  /** Streams `body` into `bucket` under `key` (replacing what was there); never holds it whole in memory. */
  put(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<void>;
  /** Gives a stored file a new name (used to name an upload after its content once it is all there). */
  rename(bucket: Bucket, from: string, to: string, contentType: string): Promise<void>;
  stat(bucket: Bucket, key: string): Promise<StoredObject | undefined>;
  /** The file's bytes, or the inclusive byte range of them. */
  read(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Every file name in the bucket, sorted. */
  list(bucket: Bucket): Promise<string[]>;
  remove(bucket: Bucket, key: string): Promise<void>;
  /**
   * Stops every put still receiving its body (shutdown): each fails, its
   * multipart upload is aborted or its temporary file removed, and this
   * resolves once all have settled. Resolves to how many were stopped.
   */
  abortPuts(): Promise<number>;
  /**
   * Removes what a crash (SIGKILL, power loss) left behind: unfinished
   * multipart uploads and temporary names started before `olderThan`. Safe to
   * run from several instances at once: each removal is idempotent, and only
   * leftovers older than any upload still in flight are touched.
   */
  sweepOrphans(olderThan: Date): Promise<SweepResult>;
  /** Checks at start that the store can be used; throws a one-line reason when not. */
  ready?(): Promise<void>;
  /** The file's path when the store is this machine's disk (readers that want random access use it). */
  localPath?(bucket: Bucket, key: string): string;
}

/**
 * Stored media names: what uploads and the demo content produce, nothing that
 * could climb out of a bucket. At most 200 characters (as the publishing API's
 * file fields): a longer name is no file on any store, and an object store
 * kept on a file system (s3rver, MinIO's disk mode) fails on it instead of
 * answering "not found".
 */
export const MEDIA_NAME = /^[\w-][\w.-]{0,199}$/;

/** Temporary names (uploads being written; a leading dot keeps them out of every listing and off the /media routes). */
export const TEMP_PREFIXES = [".upload-", ".put-"] as const;
export const isTempName = (name: string) => TEMP_PREFIXES.some((prefix) => name.startsWith(prefix));

/** Content types by extension, for files whose type was not recorded (the demo media, restored backups). */
export const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
};

export const typeOfName = (name: string) =>
  TYPE_BY_EXTENSION[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

/**
 * The only content types each bucket serves (and a restore accepts): the
 * images and audio that uploads accept. Anything else in a bucket (an .html
 * or .svg put there by hand, a stored Content-Type of text/html) is never
 * served from the site's origin, where it could run script.
 */
export const SERVED_TYPES: Record<Bucket, readonly string[]> = {
  "weekly-summary-pics": ["image/jpeg", "image/png", "image/webp"],
  "podcast-episodes": ["audio/mpeg", "audio/mp4"],
};

/** The content type `name` is served with from `bucket` (by its extension), or undefined when the bucket never serves it. */
export function servedType(bucket: Bucket, name: string): string | undefined {
  const type = typeOfName(name);
  return SERVED_TYPES[bucket].includes(type) ? type : undefined;
}
