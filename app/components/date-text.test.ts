import { afterAll, describe, expect, it } from "vitest";
import { formatDate, formatShortDate } from "./date-text";

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
const LONG = intl({ month: "long", day: "numeric", year: "numeric" });
const SHORT = intl({ month: "short", day: "numeric" });
const zone = process.env.TZ;

describe("formatDate and formatShortDate", () => {
  it("refuse a value that names no day on the calendar, as Intl did, instead of printing another day", () => {
    for (const bad of ["5874897-12-31", "2026-02-30", "2026-13-01", "2026-00-10", "not a date", "", "26-11-29"]) {
      expect(() => formatDate(bad), bad).toThrow(RangeError);
      expect(() => formatShortDate(bad), bad).toThrow(RangeError);
    }
    expect(formatDate("2028-02-29")).toBe("February 29, 2028");
  });

  afterAll(() => {
    process.env.TZ = zone;
  });

  // Zones whose midnight a clock change skips (Santiago, Havana) or that sit far from UTC.
  for (const tz of ["UTC", "America/Santiago", "America/Havana", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
    it(`print every day of two years as Intl does in UTC, read in ${tz}`, () => {
      process.env.TZ = tz;
      for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        const iso = new Date(day).toISOString();
        expect(formatDate(iso)).toBe(LONG.format(day));
        expect(formatDate(iso.slice(0, 10))).toBe(LONG.format(day));
        expect(formatShortDate(iso)).toBe(SHORT.format(day));
      }
    });
  }
});
