import { describe, expect, it } from "vitest";
import { ASKS_LATEST, ASKS_PODCAST, FOLLOW_UP_SHAPE, REFERS_BACK } from "./turn-cues.ts";

describe("the cues of a turn", () => {
  it("read a word that points back, as a whole word", () => {
    expect(REFERS_BACK.test("how big are they?")).toBe(true);
    expect(REFERS_BACK.test("and the company's owner")).toBe(true);
    expect(REFERS_BACK.test("who owns tito's")).toBe(false);
    expect(REFERS_BACK.test("theyre")).toBe(false);
  });

  it("read a follow-up's opening at the start only", () => {
    expect(FOLLOW_UP_SHAPE.test("and their owner?")).toBe(true);
    expect(FOLLOW_UP_SHAPE.test("ok, but where are they based?")).toBe(true);
    expect(FOLLOW_UP_SHAPE.test("what about pernod?")).toBe(true);
    expect(FOLLOW_UP_SHAPE.test("who owns it and what about pernod?")).toBe(false);
    expect(FOLLOW_UP_SHAPE.test("andrews distributing")).toBe(false);
  });

  it("read a question for the podcast, or for the newest items", () => {
    expect(ASKS_PODCAST.test("what was on the daily shot")).toBe(true);
    expect(ASKS_PODCAST.test("which shows do you have")).toBe(true);
    expect(ASKS_PODCAST.test("who makes the podium")).toBe(false);
    expect(ASKS_LATEST.test("what's new?")).toBe(true);
    expect(ASKS_LATEST.test("this week's recap")).toBe(true);
    expect(ASKS_LATEST.test("new york tequila")).toBe(true);
    expect(ASKS_LATEST.test("renewal")).toBe(false);
  });
});
