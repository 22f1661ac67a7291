import path from "node:path";
import type { Config } from "../config.ts";
import { audioFacts } from "../media/audio-facts.ts";
import { bucketDir } from "../http/media-upload.ts";

/** An uploaded episode file's size and duration, read from the file (never from the form); an error in words when it cannot be. */
export async function episodeAudio(config: Config, file: string | null): Promise<{ facts: { byteSize: number; durationSeconds: number | null } | null } | { error: string }> {
  if (!file) return { facts: null };
  try {
    return { facts: await audioFacts(path.join(bucketDir(config, "podcast-episodes"), file)) };
  } catch {
    return { error: `Audio: ${file} is not an uploaded audio file. Upload it again.` };
  }
}
