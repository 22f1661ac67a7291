import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, FORBIDDEN_CHARACTERS, HOSTILE_BUT_ALLOWED } from "../../tests/support/feed-checks.ts";
import { forbiddenCharacterProblem, withoutForbiddenCharacters } from "./forbidden-characters.ts";

const hex = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

describe("forbidden characters", () => {
  it("refuses every C0 control but tab and line breaks, DEL, every C1 control, noncharacters and surrogate halves, in any field", () => {
    expect(FORBIDDEN_CHARACTERS).toHaveLength(29 + 1 + 32 + 4 + 2);
    for (const ch of FORBIDDEN_CHARACTERS)
      for (const lines of [true, false])
        expect(forbiddenCharacterProblem(`ab${ch}c`, { lines }), hex(ch)).toMatch(
          new RegExp(`^must not contain .*\\b${hex(ch).slice(2)} at ${lines ? "line 1, column 3" : "character 3"}\\)$`),
        );
  });

  it("says which kind of character it found, and where, as a person counts (astral characters count once)", () => {
    expect(forbiddenCharacterProblem("🥃🥃\u000b", { lines: false })).toBe(
      "must not contain control characters (U+000B at character 3)",
    );
    expect(forbiddenCharacterProblem("one\n🥃two\u0085", { lines: true })).toBe(
      "must not contain control characters (U+0085 at line 2, column 5)",
    );
    expect(forbiddenCharacterProblem("a\ufffe", { lines: false })).toBe(
      "must not contain noncharacters (U+FFFE at character 2)",
    );
    expect(forbiddenCharacterProblem("a\ud800b", { lines: true })).toBe(
      "must not contain half of a character (a lone surrogate, U+D800 at line 1, column 2)",
    );
    expect(forbiddenCharacterProblem("a\tb", { lines: false })).toBe(
      "must be one line, without tabs or line breaks (U+0009 at character 2)",
    );
  });

  it("keeps tabs and line breaks where a field has lines, and every ordinary character anywhere", () => {
    expect(forbiddenCharacterProblem("a\tb\r\nc\nd", { lines: true })).toBeUndefined();
    for (const lines of [true, false]) {
      expect(forbiddenCharacterProblem(HOSTILE_BUT_ALLOWED, { lines })).toBeUndefined();
      // The byte-order mark, a right-to-left mark, a paired surrogate and the last characters before the noncharacters.
      expect(forbiddenCharacterProblem("\ufeff\u200f\u{1f943}\ufffd\u00a0\u2028", { lines })).toBeUndefined();
    }
  });

  it("strips exactly what it refuses, keeps the rest in order, and stripping twice changes nothing (property)", () => {
    fc.assert(
      fc.property(anyText(80), fc.constantFrom(...FORBIDDEN_CHARACTERS), (s, bad) => {
        const text = `${s}${bad}${s}`;
        const stripped = withoutForbiddenCharacters(text);
        expect(forbiddenCharacterProblem(stripped, { lines: true })).toBeUndefined();
        expect(withoutForbiddenCharacters(stripped)).toBe(stripped);
        const kept = [...text].filter((ch) => forbiddenCharacterProblem(ch, { lines: true }) === undefined);
        expect(stripped).toBe(kept.join(""));
      }),
      { numRuns: 200 },
    );
    expect(withoutForbiddenCharacters(HOSTILE_BUT_ALLOWED)).toBe(HOSTILE_BUT_ALLOWED);
  }, 60_000);
});
