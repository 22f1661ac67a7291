import fs from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { heldRequest, statusOf, type HeldRequest } from "../support/held-request.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "body-budget-admin-token-0123456789";
const MB = 1024 * 1024;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/**
 * Streams a form of `total` bytes with its Content-Length, as fast as the server takes it, and
 * resolves with the status as soon as the server answers (then hangs up, as an attacker would).
 */
function postForm(base: string, path: string, total: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(total),
        Origin: url.origin,
      },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode!);
      req.destroy();
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** Waits until `n` of the held requests have been answered; resolves with their answers. */
async function firstAnswers(held: HeldRequest[], n: number): Promise<string[]> {
  const answers: string[] = [];
  await new Promise<void>((resolve) => {
    for (const h of held)
      void h.answer.then((a) => {
        answers.push(a);
        if (answers.length === n) resolve();
      });
  });
  return answers;
}

describe.each(ENGINES)("bodies held before sign-in, on %s", (engine) => {
  const site = serverForTests({ ADMIN_TOKEN: TOKEN, SEED_DEMO: "false" }, engine);

  it(
    "refuses 400 concurrent unauthenticated 3.9 MB editor posts without reading them, and keeps answering",
    { timeout: 120_000 },
    async () => {
      const pid = site.server.process.pid!;
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const paths = ["/admin/recaps/new", "/admin/episodes/new", "/admin/recaps/1", "/admin/episodes/drafts/1"];
      const statuses = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          postForm(site.server.url, paths[i % paths.length]!, Math.round(3.9 * MB)),
        ),
      ).finally(() => clearInterval(sampler));
      // What a client gets while 400 such posts are in flight or just refused.
      const health = await fetch(`${site.server.url}/healthz`);
      await new Promise((r) => setTimeout(r, 2000));
      const after = rssMb(pid);
      const counts = Object.entries(
        statuses.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {}),
      )
        .map(([status, n]) => `${n} × ${status}`)
        .join(", ");
      console.log(
        `${engine}: 400 concurrent unauthenticated 3.9 MB editor posts: ${counts}; server RSS ` +
          `${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak, ${after.toFixed(0)} MB 2 s after`,
      );
      // Refused, each: too large for a form without a session, or the process's body budget.
      expect(statuses.filter((s) => ![401, 413, 503].includes(s))).toEqual([]);
      expect(health.status).toBe(200);
    },
  );
});

describe.each(ENGINES)("the process's budget for bodies read whole (BODY_BUFFER_MB), on %s", (engine) => {
  const site = serverForTests({ BODY_BUFFER_MB: "1", SEED_DEMO: "false" }, engine);

  it("answers 503 with Retry-After to forms past the budget, at once, and takes them again once it is free", async () => {
    // 40 newsletter forms of 60,000 bytes, sent in part and held: 17 fit in 1 MB, the other 23 are refused.
    const held = Array.from({ length: 40 }, () =>
      heldRequest(site.server.url, "/newsletter", 60_000, { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    const refused = await firstAnswers(held, 23);
    expect(refused.map(statusOf)).toEqual(Array(23).fill(503));
    for (const answer of refused) expect(answer).toMatch(/^retry-after: 5$/im);
    // The budget is full: one more is refused too (and answered before any held one would be).
    const control = heldRequest(site.server.url, "/newsletter", 60_000, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(statusOf(await control.answer)).toBe(503);
    let answered = 0;
    for (const h of held) void h.answer.then(() => answered++);
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(23);
    // Senders that give up give their room back.
    for (const h of [...held, control]) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    await new Promise((r) => setTimeout(r, 200));
    // Read and judged on its merits again: a sign-in form without its CSRF token.
    expect(await postForm(site.server.url, "/admin/sign-in", 60_000)).toBe(403);
  });

  it("answers 503 with Retry-After and a JSON message to API bodies past the budget", async () => {
    // 40 chat questions declaring 30,000 bytes each, held: 34 fit in 1 MB, the other 6 are refused.
    const held = Array.from({ length: 40 }, () =>
      heldRequest(site.server.url, "/api/chat", 30_000, { "Content-Type": "application/json" }),
    );
    const refused = await firstAnswers(held, 6);
    expect(refused.map(statusOf)).toEqual(Array(6).fill(503));
    for (const answer of refused) {
      expect(answer).toMatch(/^retry-after: 5$/im);
      expect(answer).toMatch(/^content-type: application\/json/im);
    }
    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
  });
});
