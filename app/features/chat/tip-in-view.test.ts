import { describe, expect, it } from "vitest";
import { shiftIntoView, TIP_EDGE } from "./tip-in-view";

describe("a citation's passage moved into the screen", () => {
  it("stays where it is when it fits", () => {
    expect(shiftIntoView(50, 338, 390)).toBe(0);
    expect(shiftIntoView(TIP_EDGE, 390 - TIP_EDGE, 390)).toBe(0);
  });

  it("moves right from the left edge, and left from the right edge, to the margin", () => {
    // Issue 37: on a 390 px phone a passage ran from -77 px to 394 px.
    expect(shiftIntoView(-77, 211, 390)).toBe(85);
    expect(shiftIntoView(129, 417, 390)).toBe(-35);
  });

  it("puts a passage wider than the room at the left margin", () => {
    expect(shiftIntoView(-77, 394, 390)).toBe(85);
    expect(shiftIntoView(20, 400, 390)).toBe(-12);
  });
});
