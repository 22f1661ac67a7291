import path from "node:path";

export { BUCKETS, mediaUrl, type Bucket } from "#common/media/media-url.ts";

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, "media");
}
