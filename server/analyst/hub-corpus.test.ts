import { describe, expect, it } from "vitest";
import type { Episode } from "#common/content/episode.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { companyPassage, momentOf, partsSaying, transcriptPassages } from "./hub-corpus.ts";

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

  it("is the cue that says the asked words, wherever they stand in the quote (issue 37)", () => {
    const quote =
      "Here is the news. Allocations of extra-aged rum tightened in Florida this week. Distributors expect more.";
    const weigh = (words: string[]) => (cue: string) => words.filter((w) => cue.includes(w)).length;
    expect(momentOf(passage!, quote, weigh(["Florida"]))).toMatchObject({ url: "/podcast?episode=7#episode-7&t=6" });
    expect(momentOf(passage!, quote, weigh(["rum"]))).toMatchObject({ url: "/podcast?episode=7#episode-7&t=3" });
    // Words said in a cue the quote leaves out do not move it; nor do words said nowhere.
    expect(momentOf(passage!, "Distributors expect more.", weigh(["Welcome"]))).toMatchObject({
      section: "The Daily Shot, 0:06",
    });
    expect(momentOf(passage!, quote, weigh(["mezcal"]))).toMatchObject({ section: "The Daily Shot, 0:03" });
  });

  it("is unknown for words the passage does not hold", () => {
    expect(momentOf(passage!, "Nothing like this was said.")).toBeUndefined();
  });
});

// Issue 37, point 5: a quote of a profile is cited to the parts that say it, each of which a
// citation then quotes (server/chat/citations.ts), rather than to the profile's opening.
describe("the parts of a profile a quote cites", () => {
  const heineken = COMPANIES.find((c) => c.name === "Heineken USA")!;
  const passage = companyPassage(heineken);
  const part = (name: string) => passage.parts!.find((p) => p.section === name)!.text;

  it("holds each fact the profile shows, as one sentence", () => {
    expect(part("Owner")).toBe(`Ownership: ${heineken.ownership.replace(/\.$/, "")}.`);
    expect(part("Founded")).toBe(`Founded: ${heineken.profile!.founded}.`);
    expect(part("Key brands")).toBe(`Key brands: ${heineken.keyBrands.join(", ")}.`);
    expect(part("Rank basis")).toContain(heineken.claims!.rankBasis.text);
    // The searched text is what it was before the parts were cited one by one: the founding year and the rank's basis are not in it.
    expect(passage.text).not.toContain("Rank basis:");
  });

  it("cuts a quote where the part that says it changes", () => {
    const hq = part("Headquarters");
    const [position] = heineken.profile!.marketPosition.split(". ");
    expect(partsSaying(passage, `${hq} ${position}.`)).toEqual([
      { text: hq, part: "Headquarters" },
      { text: `${position}.`, part: "Market position" },
    ]);
    expect(partsSaying(passage, "Words no profile says.")).toBeUndefined();
  });
});
