import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// s3rver ships no types: the few options and methods used here are declared below.
// @ts-expect-error -- untyped CommonJS module
import S3rver from "s3rver";

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  /** Koa's middleware list (S3rver is a Koa app); composed when run() listens. */
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * s3rver 3.7 stores multipart uploads (initiate, upload part, complete) but
 * answers ListMultipartUploads with 501 NotImplemented and AbortMultipartUpload
 * with 405, so parts of an upload that never completes stay in its folder
 * (`<bucket>/._S3rver_uploads/<uploadId>/`) for good. These two operations,
 * over that same folder, make it the S3 that the site's cleanup is written
 * against (AWS, MinIO and R2 have both); `multipartListing: false` keeps the
 * stock behaviour, that of a store without them.
 */
function multipartOperations(directory: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const [bucket, ...rest] = ctx.path.split("/").filter(Boolean);
    const uploadsDir = path.join(directory, bucket ?? "", "._S3rver_uploads");
    if (ctx.method === "GET" && bucket && rest.length === 0 && "uploads" in ctx.query) {
      const ids = (await fs.readdir(uploadsDir).catch(() => [] as string[])).filter((id) => !id.includes(".aborting-"));
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const keyFile = path.join(uploadsDir, id, "key");
          const [key, stat] = await Promise.all([fs.readFile(keyFile, "utf8"), fs.stat(keyFile)]).catch(() => [
            undefined,
            undefined,
          ]);
          if (key === undefined || !stat) return ""; // completed or aborted meanwhile
          return `<Upload><Key>${xml(key)}</Key><UploadId>${xml(id)}</UploadId><Initiated>${stat.mtime.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`;
        }),
      );
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === "DELETE" && bucket && rest.length > 0 && typeof uploadId === "string") {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const key = await fs.readFile(path.join(dir, "key"), "utf8").catch(() => undefined);
      // Taken away by one rename, as S3 aborts: of two aborts at once, one gets NoSuchUpload.
      const taken = `${dir}.aborting-${process.hrtime.bigint()}`;
      const won =
        key === decodeURIComponent(rest.join("/")) &&
        (await fs.rename(dir, taken).then(
          () => true,
          () => false,
        ));
      if (!won) {
        ctx.status = 404;
        ctx.type = "application/xml";
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
        return;
      }
      await fs.rm(taken, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}

export const S3_KEY = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

export interface RunningS3 {
  endpoint: string;
  /** The variables that point a server at this store. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (to check what is there without the S3 API). */
  directory: string;
  stop(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on 127.0.0.1, with the site's two buckets, until stop(). */
export async function startS3(
  buckets = ["weekly-summary-pics", "podcast-episodes"],
  { multipartListing = true } = {},
): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "proofline-s3-"));
  const server = new (S3rver as new (options: Record<string, unknown>) => S3rverInstance)({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  if (multipartListing) server.middleware.unshift(multipartOperations(directory));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: { MEDIA_STORE: "s3", S3_ENDPOINT: endpoint, ...S3_KEY },
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
