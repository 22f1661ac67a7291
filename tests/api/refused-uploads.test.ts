import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { heldRequest, statusOf, type HeldRequest } from "../support/held-request.ts";
import { openConnections } from "../support/open-connections.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "refused-uploads-admin-token-0123456789";
const UPLOAD = "/api/desk/media/podcast-episodes?name=held.mp3";

/** An upload that sends its headers and 1 KB of its body, then holds its side open and sends nothing more. */
const heldUpload = (base: string, path: string, declared: number, headers: Record<string, string> = {}) =>
  heldRequest(base, path, declared, { "Content-Type": "audio/mpeg", ...headers });

/** Polls `count` until it is at most `target`; resolves with the seconds it took, or undefined after `limitMs`. */
async function secondsUntil(count: () => number, target: number, limitMs: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (count() <= target) return (performance.now() - started) / 1000;
    await sleep(100);
  }
  return undefined;
}

describe.each(ENGINES)("connections of refused uploads, on %s", (engine) => {
  const site = serverForTests({ ADMIN_TOKEN: TOKEN, SEED_DEMO: "false" }, engine);
  const connections = () => openConnections(site.server.process.pid!, Number(new URL(site.server.url).port));

  it(
    "closes 2,000 uploads refused with 401 within seconds, though their senders never finish the body",
    { timeout: 120_000 },
    async () => {
      const baseline = connections();
      const held: HeldRequest[] = [];
      // In waves of 250, so the listening socket's backlog never overflows into SYN retries.
      for (let wave = 0; wave < 8; wave++) {
        const sent = Array.from({ length: 250 }, () => heldUpload(site.server.url, UPLOAD, 100 * 1024 * 1024));
        held.push(...sent);
        await Promise.all(sent.map((h) => h.answer));
      }
      const answers = await Promise.all(held.map((h) => h.answer));
      const answered = performance.now();
      const peak = connections();
      const back = await secondsUntil(connections, baseline + 2, 15_000);
      const after = connections();
      console.log(
        `${engine}: 2,000 uploads refused with 401, bodies held open: ${baseline} connection(s) before, ` +
          `${peak} held after the last answer, ${after} at ` +
          `${back === undefined ? "15 s+ (never back)" : `${back.toFixed(1)} s`} after it ` +
          `(${((performance.now() - answered) / 1000).toFixed(1)} s in all)`,
      );
      // Each was refused at once, and told the connection ends.
      expect(answers.map(statusOf).filter((s) => s !== 401)).toEqual([]);
      expect(answers.filter((a) => !/^connection: close$/im.test(a))).toEqual([]);
      expect(back).toBeDefined();
      // The last answer came within the burst; no connection outlives its answer by much more than 5 s.
      expect(back!).toBeLessThan(10);
      for (const h of held) h.socket.destroy();
      // The server still answers.
      expect((await fetch(`${site.server.url}/healthz`)).status).toBe(200);
    },
  );

  it(
    "closes a connection that goes on trickling its body after the refusal, after 5 s",
    { timeout: 30_000 },
    async () => {
      const upload = heldUpload(site.server.url, UPLOAD, 100 * 1024 * 1024);
      expect(statusOf(await upload.answer)).toBe(401);
      const refused = performance.now();
      // A byte a moment keeps no connection open past the linger.
      const trickle = setInterval(() => upload.socket.write("x".repeat(512)), 100);
      await upload.closed;
      clearInterval(trickle);
      const seconds = (performance.now() - refused) / 1000;
      console.log(`${engine}: a sender trickling after its 401 was cut ${seconds.toFixed(1)} s after the answer`);
      expect(seconds).toBeGreaterThan(4);
      expect(seconds).toBeLessThan(9);
    },
  );

  it("closes a 413 to an upload and to a form the same way", { timeout: 30_000 }, async () => {
    const baseline = connections();
    const tooLargeUpload = heldUpload(
      site.server.url,
      "/api/admin/media/podcast-episodes?name=huge.mp3",
      900 * 1024 * 1024,
      {
        Authorization: `Bearer ${TOKEN}`,
      },
    );
    const tooLargeForm = heldUpload(site.server.url, "/admin/sign-in", 10 * 1024 * 1024, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    for (const h of [tooLargeUpload, tooLargeForm]) {
      const answer = await h.answer;
      expect(statusOf(answer)).toBe(413);
      expect(answer).toMatch(/^connection: close$/im);
    }
    // The server closes its side; a sender that holds its own open hears nothing more, so count on the server.
    const back = await secondsUntil(connections, baseline, 15_000);
    console.log(
      `${engine}: two senders holding their bodies after a 413: closed ${back?.toFixed(1)} s after the answers`,
    );
    expect(back).toBeDefined();
    expect(back!).toBeLessThan(9);
    for (const h of [tooLargeUpload, tooLargeForm]) h.socket.destroy();
  });

  it("lets a sender that sends its whole body read the refusal (no reset while it still sends)", async () => {
    const body = Buffer.alloc(4 * 1024 * 1024, 1);
    const outcome = await new Promise<{ status: number; text: string } | { error: string }>((resolve) => {
      const req = http.request(new URL(UPLOAD, site.server.url), {
        method: "POST",
        headers: { "Content-Type": "audio/mpeg", "Content-Length": String(body.length) },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      req.on("error", (err) => resolve({ error: err.message }));
      req.end(body);
    });
    expect(outcome).toEqual({ status: 401, text: JSON.stringify({ error: "Sign in to the desk first" }) });
  });
});
