import { describe, expect, it } from "vitest";
import { clockTime } from "./clock-time";

const intlTime = (at: Date) =>
  at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }).replace(/\s/g, " ");

describe("clockTime", () => {
  it("reads every minute of a day as Intl's en-US clock time does, in this runtime's zone", () => {
    const start = new Date(2026, 10, 29, 0, 0);
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = new Date(start.getTime() + minute * 60_000);
      expect(clockTime(at)).toBe(intlTime(at));
    }
  });

  it("names noon and midnight as a clock does", () => {
    expect(clockTime(new Date(2026, 0, 1, 0, 5))).toBe("12:05 AM");
    expect(clockTime(new Date(2026, 0, 1, 12, 0))).toBe("12:00 PM");
    expect(clockTime(new Date(2026, 0, 1, 23, 59))).toBe("11:59 PM");
  });
});
