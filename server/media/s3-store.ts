import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { BUCKETS, type Bucket } from "./buckets.ts";
import { InFlightPuts } from "./in-flight-puts.ts";
import { MEDIA_NAME, TEMP_PREFIXES, type MediaStore, type StoredObject, type SweepResult } from "./media-store.ts";

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** The object-store bucket that holds each of the site's two buckets. */
  buckets: Record<Bucket, string>;
}

/** Upload parts of 8 MB, four in flight: at most about 32 MB of an upload is in memory at once, whatever its size. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

const errorName = (err: unknown) => (err as { name?: string })?.name;
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
/** A store without ListMultipartUploads (s3rver answers 501 NotImplemented). */
const unsupported = (err: unknown) => errorName(err) === "NotImplemented" || statusOf(err) === 501;
/** Aborted meanwhile, by another instance's sweep or by the uploader itself. */
const noSuchUpload = (err: unknown) => errorName(err) === "NoSuchUpload" || statusOf(err) === 404;
const missing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err as { name?: string })?.name === "NotFound";

/**
 * Media in an S3-protocol object store (AWS S3, MinIO, Cloudflare R2,
 * Backblaze B2…), shared by every instance: a file uploaded through one is
 * served by all. Uploads stream in multipart pieces (lib-storage's Upload).
 */
export class S3Store implements MediaStore {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  private readonly buckets: Record<Bucket, string>;
  private readonly inFlight = new InFlightPuts();

  constructor(settings: S3Settings) {
    this.buckets = settings.buckets;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  /** Refuses to start on a store that is not there: each bucket must exist and answer to these credentials. */
  async ready(): Promise<void> {
    for (const name of Object.values(this.buckets)) {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: name }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const why =
          status === 404
            ? "does not exist"
            : status === 403
              ? "refuses these credentials"
              : `cannot be reached (${(err as Error).message})`;
        throw new Error(`S3 bucket ${name} ${why}; see docs/media-storage.md`, { cause: err });
      }
    }
  }

  /**
   * A body that fails (the uploader went away, shutdown destroyed it) makes
   * lib-storage abort the multipart upload (leavePartsOnError: false) before
   * done() rejects, so no parts are left; a crash that skips even that is
   * for sweepOrphans.
   */
  async put(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.buckets[bucket], Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await this.inFlight.track(body, () => upload.done());
  }

  abortPuts(): Promise<number> {
    return this.inFlight.abortAll();
  }

  /**
   * Aborts multipart uploads initiated before `olderThan` (when the store can
   * list them) and deletes temporary objects (`.upload-…`) that a crash left
   * between an upload's end and its renaming. Several instances may run it at
   * once: an upload already aborted answers NoSuchUpload, a deleted key deletes again.
   */
  async sweepOrphans(olderThan: Date): Promise<SweepResult> {
    const result: SweepResult = { abortedUploads: 0, removedTemps: 0, listedUploads: true };
    for (const bucket of BUCKETS) {
      const name = this.buckets[bucket];
      try {
        let keyMarker: string | undefined;
        let uploadIdMarker: string | undefined;
        do {
          const page = await this.client.send(
            new ListMultipartUploadsCommand({ Bucket: name, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
            try {
              await this.client.send(
                new AbortMultipartUploadCommand({ Bucket: name, Key: upload.Key, UploadId: upload.UploadId }),
              );
              result.abortedUploads++;
            } catch (err) {
              if (!noSuchUpload(err)) throw err;
            }
          }
          [keyMarker, uploadIdMarker] = page.IsTruncated
            ? [page.NextKeyMarker, page.NextUploadIdMarker]
            : [undefined, undefined];
        } while (keyMarker);
      } catch (err) {
        if (!unsupported(err)) throw err;
        result.listedUploads = false;
      }
      for (const prefix of TEMP_PREFIXES) {
        let token: string | undefined;
        do {
          const page = await this.client.send(
            new ListObjectsV2Command({ Bucket: name, Prefix: prefix, ContinuationToken: token }),
          );
          for (const item of page.Contents ?? []) {
            if (!item.Key || !item.LastModified || item.LastModified >= olderThan) continue;
            await this.remove(bucket, item.Key);
            result.removedTemps++;
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      }
    }
    return result;
  }

  async rename(bucket: Bucket, from: string, to: string, contentType: string): Promise<void> {
    const name = this.buckets[bucket];
    await this.client.send(
      new CopyObjectCommand({
        Bucket: name,
        Key: to,
        CopySource: `${name}/${encodeURIComponent(from)}`,
        MetadataDirective: "REPLACE",
        ContentType: contentType,
      }),
    );
    await this.remove(bucket, from);
  }

  async stat(bucket: Bucket, key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.buckets[bucket], Key: key }));
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? `"${key}"`,
        lastModified: head.LastModified ?? new Date(0),
        contentType: head.ContentType,
      };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async read(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable> {
    const got = await this.client.send(
      new GetObjectCommand({
        Bucket: this.buckets[bucket],
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    return got.Body as Readable;
  }

  async list(bucket: Bucket): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.buckets[bucket], ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key && MEDIA_NAME.test(item.Key)) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async remove(bucket: Bucket, key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.buckets[bucket], Key: key }));
  }
}
