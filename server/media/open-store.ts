import type { Config } from "../config.ts";
import { DiskStore } from "./disk-store.ts";
import type { MediaStore } from "./media-store.ts";

/**
 * The media store the configuration names (MEDIA_STORE). The S3 client is
 * loaded only when it is used: the AWS SDK costs a single-instance site
 * memory for nothing.
 */
export async function openMediaStore(config: Config): Promise<MediaStore> {
  if (config.MEDIA_STORE === "disk") return new DiskStore(config.DATA_DIR);
  const { S3Store } = await import("./s3-store.ts");
  return new S3Store({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    buckets: {
      "weekly-summary-pics": config.S3_BUCKET_WEEKLY_SUMMARY_PICS,
      "podcast-episodes": config.S3_BUCKET_PODCAST_EPISODES,
    },
  });
}
