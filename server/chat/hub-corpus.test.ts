import { describe, expect, it } from "vitest";
import type { Episode } from "#common/content/episode.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { momentOf, transcriptPassages } from "./hub-corpus.ts";

const episode: Episode = {
  id: 7,
  date: "2026-11-20",
  title: "Rum allocations",
  description: "The week in rum.",
  mp3_file: null,
  weekly_daily: "daily",
  tags: [],
  sample: false,
  duration_seconds: 40,
  byte_size: null,
  guid: "rum-allocations",
  audio_url: null,
  transcript_url: null,
  chapters_url: null,
};

// One 30-second run of three cues; the second sentence begins in the middle of the cue at 0:03.
const transcript = parseTranscript(
  [
    "WEBVTT",
    "",
    "00:00.000 --> 00:03.000",
    "Welcome to the Daily Shot.",
    "",
    "00:03.000 --> 00:06.000",
    "Here is the news. Allocations of extra-aged rum",
    "",
    "00:06.000 --> 00:10.000",
    "tightened in Florida this week. Distributors expect more.",
    "",
  ].join("\n"),
);

describe("the moment a transcript quote cites", () => {
  const [passage] = transcriptPassages(episode, transcript);

  it("is the cue where the quote's first words are said, not the start of its passage", () => {
    expect(passage!.url).toBe("/podcast?episode=7#episode-7");
    // On 3f297b8 a quote beginning mid-cue cited its passage's start, 0:00.
    expect(momentOf(passage!, "Allocations of extra-aged rum tightened in Florida this week.")).toMatchObject({
      section: "The Daily Shot, 0:03",
      url: "/podcast?episode=7#episode-7&t=3",
    });
    expect(momentOf(passage!, "Distributors expect more.")).toMatchObject({ section: "The Daily Shot, 0:06" });
    expect(momentOf(passage!, "Welcome to the Daily Shot.")).toMatchObject({ section: "The Daily Shot, 0:00" });
  });

  it("is unknown for words the passage does not hold", () => {
    expect(momentOf(passage!, "Nothing like this was said.")).toBeUndefined();
  });
});
