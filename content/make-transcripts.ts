// Makes the demo episodes' transcripts and chapters (content/transcripts/) from the
// text each was spoken from (episodes.json "script"). Cue times are measured from
// the audio itself: the script is synthesised again exactly as make-media.sh
// does (espeak-ng, en-us, 165 words a minute; the voice is deterministic), the
// pauses between sentences are found in the samples (10 ms windows quieter than
// the threshold, at least 150 ms long), and each sentence's cue runs from its
// speech onset to the start of the pause after it. The synthesised length is
// checked against the committed MP3's (music-metadata). Run by hand when the demo
// episodes change: node content/make-transcripts.ts   (apt-get install espeak-ng)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseFile } from "music-metadata";
import { toVtt, type Cue } from "#common/podcast/transcript-format.ts";

const here = import.meta.dirname;
const episodes = JSON.parse(fs.readFileSync(path.join(here, "episodes.json"), "utf8")) as Array<{ key: string; mp3_file: string | null; script: string | null }>;
const outDir = path.join(here, "transcripts");
fs.mkdirSync(outDir, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "transcripts-"));

/** The 16-bit mono samples of a WAV file and its rate. */
function readWav(file: string): { samples: Int16Array; rate: number } {
  const buf = fs.readFileSync(file);
  const rate = buf.readUInt32LE(24);
  let at = 12;
  while (at < buf.length && buf.toString("ascii", at, at + 4) !== "data") at += 8 + buf.readUInt32LE(at + 4);
  const start = at + 8;
  const bytes = buf.subarray(start, buf.length - ((buf.length - start) % 2));
  return { samples: new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2), rate };
}

/** Pauses in the speech: [start, end] in seconds, in time order. */
function pauses(samples: Int16Array, rate: number): Array<[number, number]> {
  const window = Math.round(rate / 100);
  const quiet: boolean[] = [];
  for (let i = 0; i + window <= samples.length; i += window) {
    let sum = 0;
    for (let j = i; j < i + window; j++) sum += samples[j]! * samples[j]!;
    quiet.push(Math.sqrt(sum / window) < 300);
  }
  const out: Array<[number, number]> = [];
  for (let i = 0; i < quiet.length; ) {
    if (!quiet[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < quiet.length && quiet[j]) j++;
    if (j - i >= 15) out.push([i / 100, j / 100]);
    i = j;
  }
  return out;
}

const round = (s: number) => Math.round(s * 100) / 100;

for (const episode of episodes) {
  if (!episode.script || !episode.mp3_file) continue;
  const sentences = episode.script.match(/[^.!?]+[.!?]+/g)!.map((s) => s.trim());
  const wav = path.join(tmp, `${episode.key}.wav`);
  fs.writeFileSync(path.join(tmp, "script.txt"), episode.script);
  execFileSync("espeak-ng", ["-v", "en-us", "-s", "165", "-f", path.join(tmp, "script.txt"), "-w", wav]);
  const { samples, rate } = readWav(wav);
  const length = samples.length / rate;
  const found = pauses(samples, rate);
  const leading = found[0]?.[0] === 0 ? found.shift()![1] : 0;
  const trailing = found.at(-1)?.[1] !== undefined && Math.abs(found.at(-1)![1] - length) < 0.02 ? found.pop()![0] : length;
  // Between sentences the voice pauses longest: the longest gaps, as many as there are sentence breaks.
  const breaks = [...found].sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, sentences.length - 1).sort((a, b) => a[0] - b[0]);
  if (breaks.length !== sentences.length - 1) throw new Error(`${episode.key}: found ${breaks.length} pauses for ${sentences.length} sentences`);
  const cues: Cue[] = sentences.map((text, i) => ({ start: round(i === 0 ? leading : breaks[i - 1]![1]), end: round(i === sentences.length - 1 ? trailing : breaks[i]![0]), text }));
  const mp3 = await parseFile(path.join(here, "media", "podcast-episodes", episode.mp3_file));
  const mp3Length = mp3.format.duration ?? 0;
  fs.writeFileSync(path.join(outDir, `${episode.key}.vtt`), toVtt(cues));
  // Chapters: the show's opening line, then the story.
  fs.writeFileSync(path.join(outDir, `${episode.key}.chapters.txt`), `0:00 Opening\n0:${String(Math.floor(cues[1]!.start)).padStart(2, "0")} The story\n`);
  console.log(`${episode.key}: ${sentences.length} cues; synthesised ${length.toFixed(2)} s, MP3 ${mp3Length.toFixed(2)} s`);
}
fs.rmSync(tmp, { recursive: true, force: true });
