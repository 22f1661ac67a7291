import { parseFile, parseStream } from "music-metadata";
import type { Bucket } from "./buckets.ts";
import type { MediaStore } from "./media-store.ts";

export interface AudioFacts {
  byteSize: number;
  durationSeconds: number | null;
}

const facts = (byteSize: number, seconds: number | undefined): AudioFacts => ({
  byteSize,
  durationSeconds: seconds === undefined ? null : Math.round(seconds),
});

/** Byte size and whole-second duration, read from a local file (feeds need both exact). */
export async function audioFactsOfFile(file: string, size: number): Promise<AudioFacts> {
  return facts(size, (await parseFile(file, { duration: true })).format.duration);
}

/**
 * The same, for a stored file: from its path on disk, or streamed from the
 * object store (read once, front to back, never held whole). Undefined when
 * there is no such file; a file that is not audio throws.
 */
export async function storedAudioFacts(
  store: MediaStore,
  bucket: Bucket,
  key: string,
): Promise<AudioFacts | undefined> {
  const stat = await store.stat(bucket, key);
  if (!stat) return undefined;
  if (store.localPath) return audioFactsOfFile(store.localPath(bucket, key), stat.size);
  const body = await store.read(bucket, key);
  try {
    const metadata = await parseStream(body, { mimeType: stat.contentType, size: stat.size }, { duration: true });
    return facts(stat.size, metadata.format.duration);
  } finally {
    body.destroy();
  }
}
