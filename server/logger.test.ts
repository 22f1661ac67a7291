import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
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
  it("is byte for byte the line pino writes for the same fields, but for the time", async () => {
    for (const line of LINES) {
      const viaPino = capture();
      viaPino.logger.info(line, "request completed");
      const direct = capture();
      requestLineWriter(direct.logger, "request completed")(line);
      await new Promise((resolve) => setImmediate(resolve));
      const withoutTime = (text: string) => text.replace(/"time":"[^"]+"/, '"time":"T"');
      expect(direct.written).toHaveLength(1);
      expect(withoutTime(direct.written[0]!)).toBe(withoutTime(viaPino.written[0]!));
      expect(JSON.parse(direct.written[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it("writes nothing when the logger's level leaves info lines out", async () => {
    const quiet = capture("warn");
    requestLineWriter(quiet.logger, "request completed")(LINES[0]!);
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet.written).toEqual([]);
  });
});

describe("request lines written together at the end of the turn", () => {
  function counted() {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "log-")), "out.log");
    const destination = pino.destination({ dest: file, sync: true });
    const writes: string[] = [];
    const write = destination.write.bind(destination);
    destination.write = (text: string) => (writes.push(text), write(text));
    return { writes, file, logger: createLogger("info", destination) };
  }
  const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

  it("hands a turn's request lines over in one write when the turn ends, after the turn's other lines", async () => {
    const { writes, file, logger } = counted();
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
    const lines = fs
      .readFileSync(file, "utf8")
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
