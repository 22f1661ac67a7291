import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// s3rver ships no types: the few options and methods used here are declared below.
// @ts-expect-error -- untyped CommonJS module
import S3rver from "s3rver";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
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
export async function startS3(buckets = ["weekly-summary-pics", "podcast-episodes"]): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "proofline-s3-"));
  const server = new (S3rver as new (options: Record<string, unknown>) => S3rverInstance)({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
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
