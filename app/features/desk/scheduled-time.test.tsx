import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatScheduled, ScheduledTime } from "./scheduled-time";

describe("a scheduled time", () => {
  it("renders on the server (in UTC, the zone named), as every desk list with a scheduled item does", () => {
    // On 3f297b8 this threw "Invalid option" (dateStyle with timeZoneName): /admin answered 500.
    const html = renderToString(<ScheduledTime iso="2026-11-27T15:00:00.000Z" />);
    expect(html).toContain("Scheduled");
    expect(html).toContain("Nov 27, 2026, 3:00 PM UTC");
  });

  it("reads in the editor's zone, daylight saving time included", () => {
    expect(formatScheduled("2026-11-27T15:00:00.000Z", "America/New_York")).toBe("Nov 27, 2026, 10:00 AM EST");
    expect(formatScheduled("2026-07-01T14:00:00.000Z", "America/New_York")).toBe("Jul 1, 2026, 10:00 AM EDT");
    expect(formatScheduled("2026-11-27T04:30:00.000Z", "Asia/Kolkata")).toBe("Nov 27, 2026, 10:00 AM GMT+5:30");
  });
});
