import { describe, expect, it } from "vitest";
import { changeCell, changeOf, changeText, compact, dollars, liters, monthName, shareText } from "./figure-format.ts";

describe("market figures as a reader sees them", () => {
  it("writes dollars and liters in millions above a million, in full below", () => {
    expect(dollars(21_744_464)).toBe("$21.7 million");
    expect(dollars(83_049_319)).toBe("$83.0 million");
    expect(dollars(1_234_000_000)).toBe("$1.2 billion");
    expect(dollars(912_345.4)).toBe("$912,345");
    expect(liters(6_987_654)).toBe("7.0 million liters");
    expect(liters(769_789.2)).toBe("769,789 liters");
  });

  it("writes a change on the year before in words and in a cell, and nothing without a year before", () => {
    expect(changeText(changeOf(21_744_464, 19_911_113))).toBe("up 9.2%");
    expect(changeText(changeOf(36_903_397, 37_595_000))).toBe("down 1.8%");
    expect(changeText(changeOf(100, 100))).toBe("unchanged");
    expect(changeText(changeOf(100, undefined))).toBe("");
    expect(changeCell(0.0921)).toBe("+9.2%");
    expect(changeCell(-0.0184)).toBe("−1.8%");
    expect(changeCell(undefined)).toBe("–");
  });

  it("writes shares, axis labels and months", () => {
    expect(shareText(0.2381)).toBe("23.8%");
    expect(compact(30_000_000, "USD")).toBe("$30M");
    expect(compact(1_500_000, "L")).toBe("1.5M L");
    expect(compact(0, "USD")).toBe("$0");
    expect(monthName("2020-10")).toBe("October 2020");
    expect(monthName("2015-01", true)).toBe("Jan 2015");
  });
});
