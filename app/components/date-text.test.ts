import { afterAll, describe, expect, it } from "vitest";
import { formatDate, formatShortDate } from "./date-text";

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
const LONG = intl({ month: "long", day: "numeric", year: "numeric" });
const SHORT = intl({ month: "short", day: "numeric" });
const zone = process.env.TZ;

describe("formatDate and formatShortDate", () => {
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
