import { describe, expect, it } from "vitest";
import { sourceDate } from "./cited-claims";

describe("sourceDate", () => {
  it("prints a source's day, month or year as Intl's en-US date in UTC did, for every day of two years", () => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
    const day = intl({ year: "numeric", month: "long", day: "numeric" });
    const month = intl({ year: "numeric", month: "long" });
    const year = intl({ year: "numeric" });
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2026, 0, 1); at += 86_400_000) {
      const iso = new Date(at).toISOString();
      expect(sourceDate(iso.slice(0, 10))).toBe(day.format(at));
      expect(sourceDate(iso.slice(0, 7))).toBe(month.format(at));
      expect(sourceDate(iso.slice(0, 4))).toBe(year.format(at));
    }
    expect(() => sourceDate("2024-02-30")).toThrow(RangeError);
  });
});
