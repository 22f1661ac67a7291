import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
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

/** Request lines go out when the turn of the event loop ends. */
const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

function capture(level = "info") {
  const written: string[] = [];
  return { written, logger: createLogger(level, { write: (text: string) => void written.push(text) }) };
}

describe("a request's log line written without pino's general path", () => {
  it("is byte for byte the line pino writes for the same fields, but for the time", async () => {
    for (const line of LINES) {
      const viaPino = capture();
      viaPino.logger.info(line, "request completed");
      const direct = capture();
      requestLineWriter(direct.logger, "request completed")(line);
      await turnEnds();
      const withoutTime = (text: string) => text.replace(/"time":"[^"]+"/, '"time":"T"');
      expect(direct.written).toHaveLength(1);
      expect(withoutTime(direct.written[0]!)).toBe(withoutTime(viaPino.written[0]!));
      expect(JSON.parse(direct.written[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it("writes nothing when the logger's level leaves info lines out", async () => {
    const quiet = capture("warn");
    requestLineWriter(quiet.logger, "request completed")(LINES[0]!);
    await turnEnds();
    expect(quiet.written).toEqual([]);
  });
});

describe("request lines written together at the end of the turn", () => {
  it("hands a turn's request lines over in one write when the turn ends, after the turn's other lines", async () => {
    const { written: writes, logger } = capture();
    const completed = requestLineWriter(logger, "request completed");
    const aborted = requestLineWriter(logger, "request aborted");
    completed(LINES[0]!);
    logger.warn("between two requests");
    aborted(LINES[1]!);
    expect(writes).toHaveLength(1);
    await turnEnds();
    expect(writes).toHaveLength(2);
    completed(LINES[0]!);
    await turnEnds();
    expect(writes).toHaveLength(3);
    const lines = writes
      .join("")
      .trimEnd()
      .split("\n")
      .map((text) => JSON.parse(text) as { msg: string; req?: { url: string } });
    expect(lines.map((l) => [l.msg, l.req?.url])).toEqual([
      ["between two requests", undefined],
      ["request completed", "/recap?q=rye"],
      ["request aborted", LINES[1]!.req.url],
      ["request completed", "/recap?q=rye"],
    ]);
  });

  it("writes every request line still waiting when the process exits in the same turn", () => {
    const logger = pathToFileURL(path.join(import.meta.dirname, "logger.ts")).href;
    const child = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createLogger, requestLineWriter } from ${JSON.stringify(logger)};
         const line = requestLineWriter(createLogger("info"), "request completed");
         for (let i = 0; i < 2000; i++) line({ req: { id: String(i), method: "GET", url: "/" }, res: { statusCode: 200 }, responseTime: i });
         process.exit(3);`,
      ],
      { encoding: "utf8" },
    );
    expect(child.status).toBe(3);
    const lines = child.stdout
      .trimEnd()
      .split("\n")
      .map((text) => JSON.parse(text) as { responseTime: number });
    // About 300 KB: more than a pipe holds and than one write takes.
    expect(lines.map((l) => l.responseTime)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });
});
