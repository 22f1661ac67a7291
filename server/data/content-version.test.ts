import { describe, expect, it } from "vitest";
import { ContentVersionReader } from "./content-version.ts";

/** Lets the event loop run a few turns (immediates and timers included). */
const turns = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("ContentVersionReader", () => {
  it("serves a crowd that arrives together with one read, and never a caller from a read begun before it asked", async () => {
    let version = 0;
    const begun: number[] = [];
    let release: (() => void) | undefined;
    const reader = new ContentVersionReader(async () => {
      begun.push(version);
      const seen = version;
      await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    // Ten callers in one turn of the event loop: one read.
    const crowd = Array.from({ length: 10 }, () => reader.current());
    await turns();
    expect(begun).toHaveLength(1);
    // A write lands while that read runs; a caller arriving now must not get the running read's answer.
    version = 1;
    const late = reader.current();
    release!();
    expect(await Promise.all(crowd)).toEqual(Array(10).fill(0));
    await turns();
    expect(begun).toEqual([0, 1]);
    release!();
    expect(await late).toBe(1);
  });

  it("passes a failed read to its callers and reads again for the next ones", async () => {
    let fail = true;
    const reader = new ContentVersionReader(async () => {
      if (fail) throw new Error("database gone");
      return 7;
    });
    await expect(reader.current()).rejects.toThrow("database gone");
    fail = false;
    expect(await reader.current()).toBe(7);
  });
});
