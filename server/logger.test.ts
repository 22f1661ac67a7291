import { describe, expect, it } from "vitest";
import { createLogger, requestLineWriter, type RequestLine } from "./logger.ts";

const LINES: RequestLine[] = [
  {
    req: { id: "4b8f2c1e-0d3a-4f6e-9a7b-2c5d8e1f0a3b", method: "GET", url: "/recap?q=rye" },
    res: { statusCode: 200 },
    responseTime: 0,
  },
  {
    req: { id: "given-id-0001", method: "HEAD", url: '/search?q="añejo"\\n<x>' },
    res: { statusCode: 304 },
    responseTime: 12,
  },
];

function capture(level = "info") {
  const written: string[] = [];
  return { written, logger: createLogger(level, { write: (text: string) => void written.push(text) }) };
}

describe("a request's log line written without pino's general path", () => {
  it("is byte for byte the line pino writes for the same fields, but for the time", () => {
    for (const line of LINES) {
      const viaPino = capture();
      viaPino.logger.info(line, "request completed");
      const direct = capture();
      requestLineWriter(direct.logger, "request completed")(line);
      const withoutTime = (text: string) => text.replace(/"time":"[^"]+"/, '"time":"T"');
      expect(direct.written).toHaveLength(1);
      expect(withoutTime(direct.written[0]!)).toBe(withoutTime(viaPino.written[0]!));
      expect(JSON.parse(direct.written[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it("writes nothing when the logger's level leaves info lines out", () => {
    const quiet = capture("warn");
    requestLineWriter(quiet.logger, "request completed")(LINES[0]!);
    expect(quiet.written).toEqual([]);
  });
});
