/** The spec's two public storage buckets. */
export const BUCKETS = ["weekly-summary-pics", "podcast-episodes"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** The public address of a stored file: under MEDIA_BASE_URL when set, else served by this site. */
export function mediaUrl(bucket: Bucket, file: string, mediaBaseUrl: string | undefined): string {
  const tail = `${bucket}/${file.split("/").map(encodeURIComponent).join("/")}`;
  return mediaBaseUrl ? `${mediaBaseUrl}/${tail}` : `/media/${tail}`;
}
