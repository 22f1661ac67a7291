import { describe, expect, it } from "vitest";
import { lastScheduled, type DigestSchedule } from "./digest-schedule.ts";

const MONDAY_7_NEW_YORK: DigestSchedule = { day: "monday", hour: 7, timeZone: "America/New_York" };
const at = (iso: string) => new Date(iso);
const last = (schedule: DigestSchedule, now: string) => lastScheduled(schedule, at(now)).toISOString();

describe("the digest's schedule", () => {
  it("is the moment itself once it has come, and the week before until then", () => {
    // Monday 30 November 2026, 07:00 in New York (EST, UTC−5) is 12:00 UTC.
    expect(last(MONDAY_7_NEW_YORK, "2026-11-30T12:00:00.000Z")).toBe("2026-11-30T12:00:00.000Z");
    expect(last(MONDAY_7_NEW_YORK, "2026-11-30T11:59:59.999Z")).toBe("2026-11-23T12:00:00.000Z");
    expect(last(MONDAY_7_NEW_YORK, "2026-12-06T23:00:00.000Z")).toBe("2026-11-30T12:00:00.000Z");
  });

  it("reads the day in the site's time zone, not in UTC", () => {
    // Tuesday 03:00 UTC is still Monday 22:00 in New York: that Monday's digest is the last one.
    expect(last(MONDAY_7_NEW_YORK, "2026-12-01T03:00:00.000Z")).toBe("2026-11-30T12:00:00.000Z");
    // Monday 01:00 in Tokyo is Sunday in UTC: Tokyo's Monday 07:00 is still to come, so the week before.
    const tokyo: DigestSchedule = { day: "monday", hour: 7, timeZone: "Asia/Tokyo" };
    expect(last(tokyo, "2026-11-29T16:00:00.000Z")).toBe("2026-11-22T22:00:00.000Z");
    expect(last(tokyo, "2026-11-29T22:00:00.000Z")).toBe("2026-11-29T22:00:00.000Z");
  });

  it("keeps the hour on the wall clock across a change of daylight-saving time", () => {
    // New York leaves summer time on Sunday 1 November 2026: 07:00 is 11:00 UTC before, 12:00 after.
    expect(last(MONDAY_7_NEW_YORK, "2026-11-02T11:30:00.000Z")).toBe("2026-10-26T11:00:00.000Z");
    expect(last(MONDAY_7_NEW_YORK, "2026-11-02T12:00:00.000Z")).toBe("2026-11-02T12:00:00.000Z");
    // And enters it on Sunday 14 March 2027.
    expect(last(MONDAY_7_NEW_YORK, "2027-03-15T11:00:00.000Z")).toBe("2027-03-15T11:00:00.000Z");
    expect(last(MONDAY_7_NEW_YORK, "2027-03-15T10:59:00.000Z")).toBe("2027-03-08T12:00:00.000Z");
  });

  it("takes any day and hour, midnight included", () => {
    const sundayMidnightUtc: DigestSchedule = { day: "sunday", hour: 0, timeZone: "UTC" };
    expect(last(sundayMidnightUtc, "2026-11-29T00:00:00.000Z")).toBe("2026-11-29T00:00:00.000Z");
    expect(last(sundayMidnightUtc, "2026-11-28T23:59:00.000Z")).toBe("2026-11-22T00:00:00.000Z");
    const friday18London: DigestSchedule = { day: "friday", hour: 18, timeZone: "Europe/London" };
    expect(last(friday18London, "2026-07-10T17:00:00.000Z")).toBe("2026-07-10T17:00:00.000Z");
  });
});
