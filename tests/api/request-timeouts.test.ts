import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "timeouts-admin-token-0123456789";
const MP3 = fs.readFileSync(
  path.join(
    ROOT,
    "content/media/podcast-episodes",
    fs.readdirSync(path.join(ROOT, "content/media/podcast-episodes")).find((f) => f.endsWith(".mp3"))!,
  ),
);

/** Sends `body` to `path` in `pieces`, `gapMs` apart (or stops after `stopAfter` pieces); resolves with the status, or "closed". */
function trickle(
  base: string,
  p: string,
  body: Buffer,
  pieces: number,
  gapMs: number,
  headers: Record<string, string>,
  stopAfter = pieces,
): Promise<{ status: number | "closed"; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = http.request(new URL(p, base), {
      method: "POST",
      headers: { "Content-Length": String(body.length), ...headers },
    });
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    let settled = false;
    const settle = (status: number | "closed") => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      resolve({ status, ms: Date.now() - started });
    };
    req.on("response", (res) => {
      res.resume();
      settle(res.statusCode!);
    });
    req.on("error", () => settle("closed"));
    req.on("close", () => settle("closed"));
    const timer = setInterval(() => {
      if (sent >= stopAfter) return;
      req.write(body.subarray(sent * size, (sent + 1) * size));
      if (++sent === pieces) req.end();
    }, gapMs);
  });
}

describe("how long a request may take to arrive", () => {
  const site = serverForTests({
    ADMIN_TOKEN: TOKEN,
    SEED_DEMO: "false",
    REQUEST_TIMEOUT_SECONDS: "2",
    UPLOAD_IDLE_SECONDS: "1",
  });
  const bearer = { Authorization: `Bearer ${TOKEN}` };

  it(
    "lets an upload take longer than the request timeout while its bytes keep coming (a long episode on a slow line)",
    { timeout: 20_000 },
    async () => {
      // 4 s in all, well past the 2 s allowed for other requests; never 1 s without a byte.
      const { status, ms } = await trickle(
        site.server.url,
        "/api/admin/media/podcast-episodes?name=slow.mp3",
        MP3,
        16,
        250,
        bearer,
      );
      expect(status).toBe(201);
      expect(ms).toBeGreaterThan(3000);
    },
  );

  it("cuts an upload that stops sending, after the idle time", { timeout: 20_000 }, async () => {
    const { status, ms } = await trickle(
      site.server.url,
      "/api/admin/media/podcast-episodes?name=stalled.mp3",
      MP3,
      16,
      100,
      bearer,
      4,
    );
    expect([408, "closed"]).toContain(status);
    expect(ms).toBeLessThan(5000);
  });

  it("cuts any other request that trickles in longer than the request timeout", { timeout: 20_000 }, async () => {
    const body = Buffer.from(JSON.stringify({ author_name: "Slow", comment_text: "x".repeat(200) }));
    const { status, ms } = await trickle(site.server.url, "/api/recaps/1/comments", body, 20, 400, {
      "Content-Type": "application/json",
    });
    expect([408, "closed"]).toContain(status);
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(6000);
  });
});
