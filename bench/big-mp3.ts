import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../tests/support/server.ts";

/**
 * A large MP3 in a temporary folder: concatenated MP3 files are a valid MP3
 * stream, so a demo episode is repeated up to `megabytes`. `remove()` deletes it.
 */
export function makeBigMp3(megabytes: number): { file: string; bytes: number; remove: () => void } {
  const sample = fs.readFileSync(path.join(ROOT, "content/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "big-mp3-"));
  const file = path.join(dir, "big.mp3");
  const out = fs.openSync(file, "w");
  for (let written = 0; written < megabytes * 1024 * 1024; written += sample.length) fs.writeSync(out, sample);
  fs.closeSync(out);
  return { file, bytes: fs.statSync(file).size, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
