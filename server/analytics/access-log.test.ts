import { describe, expect, it } from "vitest";
import { readLogLine } from "./access-log.ts";

const NOW = new Date(Date.UTC(2026, 10, 27, 12));
const APPLE = "AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)";
const line = (stamp: string) =>
  `203.0.113.7 - - [${stamp}] "GET /podcast-episodes/a.mp3 HTTP/1.1" 206 1048576 "-" "${APPLE}"`;
const instant = (stamp: string) => {
  const read = readLogLine(line(stamp), NOW);
  return read.kind === "audio" ? read.hit.at.toISOString() : read.why;
};

// Issue 38, point 8: Date.UTC rolls an impossible date over (31 February became 3 March,
// year 0000 became 1900), and a date centuries ahead was counted.
describe("the date of a CDN log line", () => {
  it("is read in its zone", () => {
    expect(instant("20/Nov/2026:08:00:01 +0000")).toBe("2026-11-20T08:00:01.000Z");
    expect(instant("20/Nov/2026:08:00:01 -0500")).toBe("2026-11-20T13:00:01.000Z");
    expect(instant("29/Feb/2024:23:59:59 +0530")).toBe("2024-02-29T18:29:59.000Z");
    // Late in the day east of UTC: still today (tomorrow's date, in its zone).
    expect(instant("28/Nov/2026:01:00:00 +1400")).toBe("2026-11-27T11:00:00.000Z");
  });

  it.each([
    ["31/Feb/2026:08:00:00 +0000", "a day February does not have"],
    ["29/Feb/2026:08:00:00 +0000", "29 February of a common year"],
    ["31/Apr/2026:08:00:00 +0000", "31 April"],
    ["00/Nov/2026:08:00:00 +0000", "day zero"],
    ["20/Nov/0000:08:00:00 +0000", "year 0000"],
    ["20/Nov/1999:08:00:00 +0000", "before podcasts and this site"],
    ["20/Nov/2999:08:00:00 +0000", "the far future"],
    ["29/Nov/2026:08:00:00 +0000", "after tomorrow"],
    ["20/Nov/2026:24:00:00 +0000", "hour 24"],
    ["20/Nov/2026:08:60:00 +0000", "minute 60"],
    ["20/Nov/2026:08:00:61 +0000", "second 61"],
    ["20/Nov/2026:08:00:00 +1900", "a zone past 14 hours"],
    ["20/Nov/2026:08:00:00 +0075", "a zone's minutes past 59"],
  ])("%s (%s) is unreadable, not counted", (stamp) => {
    expect(instant(stamp)).toBe("unreadable");
  });
});
