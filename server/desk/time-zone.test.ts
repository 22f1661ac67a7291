import { describe, expect, it } from "vitest";
import { instantInZone } from "./time-zone.ts";

const at = (wallClock: string, zone: string) => instantInZone(new Date(`${wallClock}Z`), zone)?.toISOString();

describe("a wall-clock time in a named zone", () => {
  it("uses the offset of that date, not of today", () => {
    expect(at("2026-11-27T10:00:00", "America/New_York")).toBe("2026-11-27T15:00:00.000Z");
    expect(at("2026-07-01T10:00:00", "America/New_York")).toBe("2026-07-01T14:00:00.000Z");
    expect(at("2026-11-27T10:00:00", "Asia/Kolkata")).toBe("2026-11-27T04:30:00.000Z");
    expect(at("2026-11-27T10:00:00", "UTC")).toBe("2026-11-27T10:00:00.000Z");
  });

  it("handles the days the clocks change", () => {
    // 2026-03-08 02:30 does not exist in New York (02:00 -> 03:00): read as just after the change.
    expect(at("2026-03-08T02:30:00", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    // 2026-11-01 01:30 happens twice in New York: the first (EDT) is taken.
    expect(at("2026-11-01T01:30:00", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-11-01T03:00:00", "America/New_York")).toBe("2026-11-01T08:00:00.000Z");
  });

  it("refuses a zone it does not know", () => {
    expect(at("2026-11-27T10:00:00", "Mars/Olympus_Mons")).toBeUndefined();
  });
});
