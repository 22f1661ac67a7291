import { describe, expect, it } from "vitest";
import { mediaUrl } from "./buckets.ts";

describe("mediaUrl", () => {
  it("points at this site's /media by default", () => {
    expect(mediaUrl("podcast-episodes", "a b.mp3", undefined)).toBe("/media/podcast-episodes/a%20b.mp3");
  });
  it("points at MEDIA_BASE_URL when it is set", () => {
    expect(mediaUrl("weekly-summary-pics", "2026/x.jpg", "https://cdn.example/hub")).toBe(
      "https://cdn.example/hub/weekly-summary-pics/2026/x.jpg",
    );
  });
});
