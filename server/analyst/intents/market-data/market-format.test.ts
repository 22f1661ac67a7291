import { describe, expect, it } from "vitest";
import { change, dollars, liters, listed, monthName, monthsSpan, ordinal, percent } from "./market-format.ts";

// The one format the answers write figures in (issue 39): an evaluation written from the data
// alone looks for exactly these strings.

describe("market figures' format", () => {
  it("writes dollars with one decimal and millions or billions from a million, in full below", () => {
    expect(dollars(27_412_345)).toBe("$27.4 million");
    expect(dollars(1_000_000)).toBe("$1.0 million");
    expect(dollars(2_345_678_901)).toBe("$2.3 billion");
    expect(dollars(912_345.4)).toBe("$912,345");
    expect(dollars(0)).toBe("$0");
    // Rounded first: a figure that rounds to a million is a million, one that rounds to a billion a billion.
    expect(dollars(999_999.6)).toBe("$1.0 million");
    expect(dollars(999_960_000)).toBe("$1.0 billion");
  });

  it("writes liters the same way, with the word", () => {
    expect(liters(4_123_456)).toBe("4.1 million liters");
    expect(liters(912_345)).toBe("912,345 liters");
  });

  it("writes a change on the year before as up or down, one decimal", () => {
    expect(change(112.3, 100)).toBe("up 12.3%");
    expect(change(97.9, 100)).toBe("down 2.1%");
    expect(change(100.01, 100)).toBe("unchanged");
    expect(change(5, undefined)).toBeUndefined();
    expect(change(5, 0)).toBeUndefined();
  });

  it("writes shares, months, places and lists", () => {
    expect(percent(0.123)).toBe("12.3%");
    expect(percent(0.3771705)).toBe("37.7%");
    expect(monthName("2020-10")).toBe("October 2020");
    expect(monthsSpan(2020, 10)).toBe("January to October 2020");
    expect(monthsSpan(2020, 1)).toBe("January 2020");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
    ]);
    expect(listed(["a"])).toBe("a");
    expect(listed(["a", "b"])).toBe("a and b");
    expect(listed(["a", "b", "c"])).toBe("a, b and c");
  });
});
