import { describe, expect, it } from "vitest";
import { parseTranscript, storedTranscript, toVtt, transcriptText } from "./transcript-format.ts";

describe("transcripts", () => {
  it("reads WebVTT, skipping the header, notes and identifiers, and writes it back in one form", () => {
    const vtt =
      "WEBVTT - sample\nKind: captions\n\nNOTE made by hand\n\nintro\n00:00.000 --> 00:03.250 align:start\nHello and <v Host>welcome</v>.\n\n00:00:03.250 --> 00:00:07.000\nTwo lines\nof text.\n";
    const t = parseTranscript(vtt);
    expect(t).toEqual({
      kind: "timed",
      cues: [
        { start: 0, end: 3.25, text: "Hello and welcome." },
        { start: 3.25, end: 7, text: "Two lines of text." },
      ],
    });
    expect(storedTranscript(t)).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:03.250\nHello and welcome.\n\n00:00:03.250 --> 00:00:07.000\nTwo lines of text.\n",
    );
    expect(parseTranscript(storedTranscript(t))).toEqual(t);
  });

  it("reads SRT and plain text", () => {
    const srt = "1\r\n00:00:01,000 --> 00:00:02,500\r\nFirst.\r\n\r\n2\r\n00:01:02,000 --> 00:01:05,000\r\nSecond.\r\n";
    expect(parseTranscript(srt)).toEqual({
      kind: "timed",
      cues: [
        { start: 1, end: 2.5, text: "First." },
        { start: 62, end: 65, text: "Second." },
      ],
    });
    const plain = parseTranscript("Host: Welcome.\n\nGuest: Thanks.\n");
    expect(plain).toEqual({ kind: "plain", text: "Host: Welcome.\n\nGuest: Thanks." });
    expect(transcriptText(plain)).toBe("Host: Welcome.\n\nGuest: Thanks.");
    expect(toVtt([{ start: 3723.5, end: 3724, text: "x" }])).toContain("01:02:03.500 --> 01:02:04.000");
  });

  it("refuses a bad file naming the line", () => {
    expect(() => parseTranscript("")).toThrow("line 1: the transcript is empty");
    expect(() => parseTranscript("WEBVTTX\n")).toThrow("line 1: the WEBVTT header");
    expect(() =>
      parseTranscript("WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\n00:03.000 -> 00:04.000\nbad arrow\n"),
    ).toThrow("line 6: expected a timing line");
    expect(() => parseTranscript("WEBVTT\n\n00:01.000 --> 00:0x.000\ntext\n")).toThrow(
      'line 3: "00:0x.000" is not a time',
    );
    expect(() => parseTranscript("WEBVTT\n\n00:05.000 --> 00:02.000\ntext\n")).toThrow(
      "line 3: the cue ends before it starts",
    );
    expect(() => parseTranscript("WEBVTT\n\n00:05.000 --> 00:06.000\na\n\n00:01.000 --> 00:02.000\nb\n")).toThrow(
      "line 6: cues must be in time order",
    );
    expect(() => parseTranscript("1\n00:00:01,000 --> 00:00:02,000\n\n")).toThrow("line 2: the cue has no text");
  });
  it('refuses a cue whose text holds "-->", naming the line (WebVTT readers would break on it)', () => {
    expect(() => parseTranscript("WEBVTT\n\n00:00.000 --> 00:02.000\nPrices --> up this week\n")).toThrow(
      'line 4: a cue\'s text must not contain "-->"',
    );
    expect(() =>
      parseTranscript("1\n00:00:00,000 --> 00:00:02,000\nFirst\n00:00:02,000 --> 00:00:04,000\nSecond\n"),
    ).toThrow(/^line 4: /);
  });
});
