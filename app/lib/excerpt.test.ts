import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt";

describe("excerpt", () => {
  it("keeps text of 350 characters or fewer whole", () => {
    const text = "a".repeat(350);
    expect(excerpt(text)).toBe(text);
  });

  it("cuts longer text to exactly 350 characters followed by ...", () => {
    const out = excerpt("b".repeat(351));
    expect(out).toBe(`${"b".repeat(350)}...`);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(excerpt("🥃".repeat(351))).toBe(`${"🥃".repeat(350)}...`);
  });
});
