import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { linesOf, TOO_LONG } from "./log-lines.ts";

const read = async (chunks: (string | Buffer)[], max = 16) => {
  const out: (string | typeof TOO_LONG)[] = [];
  for await (const line of linesOf(Readable.from(chunks), max)) out.push(line);
  return out;
};

describe("the lines of a log", () => {
  it("splits on LF and CRLF, across chunks, with the last line unterminated", async () => {
    expect(await read(["one\r\ntw", "o\n", "\nthree"])).toEqual(["one", "two", "", "three"]);
  });

  it("keeps a character split between chunks whole", async () => {
    const bytes = Buffer.from("café\nnaïve\n");
    expect(await read([bytes.subarray(0, 4), bytes.subarray(4, 9), bytes.subarray(9)])).toEqual(["café", "naïve"]);
  });

  it("gives a line past its limit as TOO_LONG, without holding it, and goes on", async () => {
    const long = "x".repeat(10);
    expect(await read([long, long, "\nshort\n", long + long], 16)).toEqual([TOO_LONG, "short", TOO_LONG]);
    expect(await read(["x".repeat(16), "\n", "y".repeat(17), "\n"], 16)).toEqual(["x".repeat(16), TOO_LONG]);
  });
});
