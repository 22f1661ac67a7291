import type { Request } from "express";
import { z } from "zod";
import type { Config } from "../config.ts";
import { BUCKETS, mediaUrl, type Bucket } from "../media/buckets.ts";
import type { MediaStore } from "../media/media-store.ts";
import { BUCKET_RULES, labelFrom, storeUpload, UploadError, type StoredFile } from "../media/store-upload.ts";
import { parseBody, uploadName } from "./publishing-api/request-schemas.ts";
import { HttpError } from "./errors.ts";

export interface ReceivedUpload extends StoredFile {
  bucket: Bucket;
  url: string;
}

/**
 * One upload from a request whose body is the file itself (the publishing API
 * and the desk both send it so): the bucket from the path, a display name from
 * `?name=`, refused early when its declared size is too large, then streamed
 * to storage (see storeUpload).
 */
export async function receiveUpload(req: Request, config: Config, store: MediaStore): Promise<ReceivedUpload> {
  const bucket = BUCKETS.find((b) => b === req.params.bucket);
  if (!bucket) throw new HttpError(404, `No bucket named ${String(req.params.bucket)}; use ${BUCKETS.join(" or ")}`);
  if (req.is("multipart/form-data"))
    throw new HttpError(415, "Send the file itself as the body (curl --data-binary @file), not a form");
  const { name } = parseBody(z.object({ name: uploadName }), {
    name: typeof req.query.name === "string" ? req.query.name : undefined,
  });
  const rules = BUCKET_RULES[bucket];
  // An honest Content-Length that is too large is refused before a byte is read.
  if (Number(req.get("content-length") ?? 0) > rules.maxBytes)
    throw new HttpError(413, `file: must be at most ${rules.maxBytes / 1024 / 1024} MB`);
  try {
    const stored = await storeUpload(req, store, bucket, labelFrom(name));
    return { bucket, ...stored, url: mediaUrl(bucket, stored.file, config.MEDIA_BASE_URL) };
  } catch (err) {
    if (err instanceof UploadError) throw new HttpError(err.status, err.message);
    // Shutdown stopped it (by name: the store may come from another copy of the module than this bundle's).
    // The rest of the body is never read: closing the connection lets the server finish closing.
    if ((err as Error).name === "PutAbortedError")
      throw new HttpError(503, "The server is restarting; send the file again", {
        "Retry-After": "5",
        Connection: "close",
      });
    throw err;
  }
}
