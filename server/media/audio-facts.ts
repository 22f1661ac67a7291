import fs from "node:fs/promises";
import { parseFile } from "music-metadata";

/** Byte size and whole-second duration, read from the file itself (feeds need both exact). */
export async function audioFacts(file: string): Promise<{ byteSize: number; durationSeconds: number | null }> {
  const [stat, metadata] = await Promise.all([fs.stat(file), parseFile(file, { duration: true })]);
  const seconds = metadata.format.duration;
  return { byteSize: stat.size, durationSeconds: seconds === undefined ? null : Math.round(seconds) };
}
