import { afterEach, describe, expect, it, vi } from "vitest";
import { PageCache, renderedPage } from "./page-cache.ts";

describe("the page cache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders afresh when a calendar quarter turns, with no content change (the Explorer counts this quarter)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-12-31T23:59:00Z"));
    const cache = new PageCache(1024 * 1024);
    cache.set(7, "/explorer", renderedPage(200, [["content-type", "text/html"]], Buffer.from("Q4 counts"), 7));
    expect(cache.get(7, "/explorer")).toBeDefined();
    vi.setSystemTime(new Date("2027-01-01T00:00:01Z"));
    expect(cache.get(7, "/explorer")).toBeUndefined();
  });
});
