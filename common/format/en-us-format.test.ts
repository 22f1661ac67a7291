import { describe, expect, it, vi } from "vitest";
import { longDay, longMonth, shortDay, twelveHourClock, utcInstant } from "./en-us-format.ts";

describe("en-US formatters made on first use", () => {
  it("make no Intl object until first called, then one, and print as Intl does", async () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    const { dateFormat, numberFormat } = await import("./en-us-format");
    const day = dateFormat({ month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    const grouped = numberFormat({ maximumFractionDigits: 0 });
    expect(made).not.toHaveBeenCalled();
    const at = new Date("2026-11-29T00:00:00Z");
    expect(day(at)).toBe("November 29, 2026");
    expect(day(new Date("2026-01-02T00:00:00Z"))).toBe("January 2, 2026");
    expect(made).toHaveBeenCalledTimes(1);
    expect(grouped(1234567.4)).toBe("1,234,567");
    made.mockRestore();
  });
});

describe("shortDay", () => {
  it("prints every day of two years as Intl's en-US short date in UTC, and refuses a day not on the calendar", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000)
      expect(shortDay(new Date(day).toISOString().slice(0, 10))).toBe(intl.format(day));
    expect(() => shortDay("2025-02-29")).toThrow(RangeError);
  });
});

describe("longDay and longMonth", () => {
  it("print every day and month of two years as Intl's en-US long date in UTC, and refuse a month not on the calendar", () => {
    const day = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2027, 0, 1); at += 86_400_000) {
      const iso = new Date(at).toISOString();
      expect(longDay(iso.slice(0, 10))).toBe(day.format(at));
      expect(longMonth(iso.slice(0, 7))).toBe(month.format(at));
    }
    expect(() => longMonth("2025-13")).toThrow(RangeError);
  });
});

describe("utcInstant and twelveHourClock", () => {
  it("print every 17th minute of two years as Intl's en-US medium date and short time in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    const start = Date.UTC(2025, 0, 1);
    for (let at = start; at < start + 2 * 366 * 86_400_000; at += 17 * 60_000)
      expect(utcInstant(new Date(at))).toBe(intl.format(at).replace(/\s/g, " "));
  });

  it("name noon and midnight as a clock does", () => {
    expect(twelveHourClock(0, 5)).toBe("12:05 AM");
    expect(twelveHourClock(12, 0)).toBe("12:00 PM");
    expect(twelveHourClock(23, 59)).toBe("11:59 PM");
  });
});
