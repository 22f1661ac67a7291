// Episode transcripts (issue 18): WebVTT, SRT or plain text in; one stored form
// out. A timed transcript is kept as WebVTT (what podcast apps and the page
// read); a plain one as its text. A bad file is refused with the line at fault.

export interface Cue {
  /** Seconds from the start of the episode. */
  start: number;
  end: number;
  text: string;
}

export type Transcript = { kind: "timed"; cues: Cue[] } | { kind: "plain"; text: string };

/** A transcript that cannot be read, with the line (from 1) that stopped it. */
export class TranscriptFormatError extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.line = line;
  }
}

// hh:mm:ss.mmm or mm:ss.mmm (WebVTT), hh:mm:ss,mmm (SRT).
const TIME = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)[.,](\d{3})$/;
const TIMING = /^(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/;

function seconds(text: string, line: number): number {
  const m = TIME.exec(text);
  if (!m) throw new TranscriptFormatError(line, `"${text}" is not a time (expected hh:mm:ss.mmm)`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** Reads cue blocks (an optional identifier, a timing line, text lines) separated by blank lines. */
function cues(lines: string[], first: number): Cue[] {
  const out: Cue[] = [];
  let i = first;
  while (i < lines.length) {
    if (!lines[i]!.trim()) {
      i++;
      continue;
    }
    // A NOTE, STYLE or REGION block carries no speech.
    if (/^(NOTE|STYLE|REGION)\b/.test(lines[i]!)) {
      while (i < lines.length && lines[i]!.trim()) i++;
      continue;
    }
    // The cue's identifier (SRT's counter) comes before its timing line.
    if (!lines[i]!.includes("-->") && lines[i + 1]?.includes("-->")) i++;
    const timing = TIMING.exec(lines[i]?.trim() ?? "");
    if (!timing) throw new TranscriptFormatError(i + 1, "expected a timing line such as 00:00:01.000 --> 00:00:04.000");
    const start = seconds(timing[1]!, i + 1);
    const end = seconds(timing[2]!, i + 1);
    if (end < start) throw new TranscriptFormatError(i + 1, "the cue ends before it starts");
    const previous = out.at(-1);
    if (previous && start < previous.start) throw new TranscriptFormatError(i + 1, "cues must be in time order");
    const timingLine = i + 1;
    i++;
    const text: string[] = [];
    while (i < lines.length && lines[i]!.trim()) {
      // WebVTT forbids "-->" in a cue's text: readers take the line for a new cue's timing.
      if (lines[i]!.includes("-->"))
        throw new TranscriptFormatError(
          i + 1,
          'a cue\'s text must not contain "-->" (is a blank line missing before this cue?)',
        );
      text.push(lines[i++]!.trim());
    }
    if (!text.length) throw new TranscriptFormatError(timingLine, "the cue has no text");
    out.push({ start, end, text: text.join(" ").replace(/<[^>]+>/g, "") });
  }
  return out;
}

/** Parses a transcript file: WebVTT (starts with WEBVTT), SRT (numbered cues with -->), or plain text. */
export function parseTranscript(input: string): Transcript {
  const lines = input
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (!lines.some((l) => l.trim())) throw new TranscriptFormatError(1, "the transcript is empty");
  if (/^WEBVTT(?:[ \t].*)?$/.test(lines[0]!)) {
    // The header runs to the first blank line.
    let i = 1;
    while (i < lines.length && lines[i]!.trim()) i++;
    const timed = cues(lines, i);
    if (!timed.length) throw new TranscriptFormatError(lines.length, "the WebVTT file has no cues");
    return { kind: "timed", cues: timed };
  }
  if (lines[0]!.startsWith("WEBVTT"))
    throw new TranscriptFormatError(1, "the WEBVTT header must be alone on its line or followed by a space");
  if (lines.some((l) => l.includes("-->"))) return { kind: "timed", cues: cues(lines, 0) };
  return { kind: "plain", text: lines.join("\n").trim() };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** 83.5 → "00:01:23.500". */
export function vttTime(s: number): string {
  const ms = Math.round(s * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The stored and served form of a timed transcript. */
export function toVtt(timed: Cue[]): string {
  return `WEBVTT\n\n${timed.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}`).join("\n\n")}\n`;
}

/** The transcript as reading text: a timed one as its cues' text, one paragraph a cue. */
export function transcriptText(t: Transcript): string {
  return t.kind === "plain" ? t.text : t.cues.map((c) => c.text).join("\n\n");
}

/** What the database holds: WebVTT for a timed transcript, the text for a plain one. */
export const storedTranscript = (t: Transcript) => (t.kind === "timed" ? toVtt(t.cues) : t.text);
