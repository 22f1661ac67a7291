import type { Readable } from "node:stream";
import type { Bucket } from "./buckets.ts";

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
  /** Checks at start that the store can be used; throws a one-line reason when not. */
  ready?(): Promise<void>;
  /** The file's path when the store is this machine's disk (readers that want random access use it). */
  localPath?(bucket: Bucket, key: string): string;
}

/** Stored media names: what uploads and the demo content produce, nothing that could climb out of a bucket. */
export const MEDIA_NAME = /^[\w-][\w.-]*$/;

/** Content types by extension, for files whose type was not recorded (the demo media, restored backups). */
export const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
};

export const typeOfName = (name: string) => TYPE_BY_EXTENSION[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
