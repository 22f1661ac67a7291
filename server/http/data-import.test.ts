import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestBody } from "./data-import.ts";
import { closeAfterEarlyAnswer } from "./early-answers.ts";

// The body every import reads, on a real HTTP server: refused past its limit as it arrives,
// and ended (not left waiting) when its sender hangs up halfway.

const LIMIT = 1024 * 1024;
const outcomes: Array<Promise<{ bytes: number } | { error: string; status?: number }>> = [];

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let port: number;

beforeAll(async () => {
  const app = express();
  // As the site does (request-timeouts.ts): an answer before the body has all come lingers for the rest.
  app.use((req, res, next) => {
    closeAfterEarlyAnswer(req, res);
    next();
  });
  app.post("/import", (req, res) => {
    let taken: ReturnType<typeof requestBody>;
    try {
      taken = requestBody(req, LIMIT);
    } catch (error) {
      const refused = { error: (error as Error).message, status: (error as { status?: number }).status };
      outcomes.push(Promise.resolve(refused));
      return void res.status(refused.status ?? 500).json(refused);
    }
    const { body, release } = taken;
    const outcome = (async () => {
      let bytes = 0;
      try {
        for await (const chunk of body) bytes += (chunk as Buffer).length;
        return { bytes };
      } catch (error) {
        return { error: (error as Error).message, status: (error as { status?: number }).status };
      } finally {
        release();
      }
    })();
    outcomes.push(outcome);
    void outcome.then((o) => res.status("error" in o ? (o.status ?? 500) : 200).json(o));
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server?.close());

/**
 * A POST announcing `declared` bytes (or none: chunked) that sends `sent` of them, then hangs up,
 * or ends its body and reads the answer.
 */
async function post(declared: number | "chunked", sent: number, hangUp: boolean): Promise<string> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let answer = "";
  socket.on("data", (c: Buffer) => (answer += c.toString()));
  socket.on("error", () => {});
  const length = declared === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${declared}`;
  socket.write(`POST /import HTTP/1.1\r\nHost: x\r\n${length}\r\nConnection: close\r\n\r\n`);
  if (declared === "chunked") socket.write(`${sent.toString(16)}\r\n${"A".repeat(sent)}\r\n0\r\n\r\n`);
  else socket.write(Buffer.alloc(sent, 65));
  if (hangUp) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    return "";
  }
  await new Promise((resolve) => socket.once("close", resolve));
  return answer;
}

describe("requestBody", () => {
  it("ends the import with a 400 when the sender hangs up halfway, instead of leaving it waiting", async () => {
    await post(10_000, 5_000, true);
    const outcome = await Promise.race([
      outcomes.at(-1)!,
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 2_000)),
    ]);
    expect(outcome).toEqual({
      error: "The upload stopped before the file's end; nothing was imported.",
      status: 400,
    });
  });

  it("refuses a body past the limit as it arrives, and reads the rest so the sender hears the 413", async () => {
    const answer = await post("chunked", LIMIT * 4, false);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(await outcomes.at(-1)).toMatchObject({ status: 413 });
  });

  it("refuses a declared length past the limit before reading a byte", async () => {
    const answer = await post(LIMIT + 1, 10, false);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(await outcomes.at(-1)).toEqual({
      error: "The file is larger than 1 MB, the most an import may be; nothing was imported.",
      status: 413,
    });
  });

  it("hands a body within the limit on whole", async () => {
    const answer = await post(LIMIT, LIMIT, false);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await outcomes.at(-1)).toEqual({ bytes: LIMIT });
  });
});
