import fs from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { FORM_LIMITS } from "#server/http/form-bodies.ts";
import { setUpDeskOwner } from "../support/desk-client.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/**
 * Posts `total` bytes of form to `path` as a browser (or an attacker) would
 * stream them, with a Content-Length or chunked, and resolves with the status
 * as soon as the server answers (it need not read the rest).
 */
function streamForm(
  base: string,
  path: string,
  total: number,
  chunked: boolean,
  headers: Record<string, string> = {},
): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    let sent = 0;
    const req = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: url.origin,
        ...(chunked ? {} : { "Content-Length": String(total) }),
        ...headers,
      },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode!, sent });
      req.destroy();
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const ADMIN_TOKEN = "form-limits-admin-token-0123456789";

describe("limits on what a form may send", () => {
  const site = serverForTests({ ADMIN_TOKEN });

  it(
    "refuses a 400 MB sign-in form with 413 from its Content-Length, without reading it",
    { timeout: 60_000 },
    async () => {
      const pid = site.server.process.pid!;
      const before = rssMb(pid);
      const { status, sent } = await streamForm(site.server.url, "/admin/sign-in", 400 * 1024 * 1024, false);
      expect(status).toBe(413);
      // Answered long before the body was sent (on 3f297b8 it was buffered: 1.4 GB of RSS).
      expect(sent).toBeLessThan(100 * 1024 * 1024);
      const after = rssMb(pid);
      console.info(`RSS around a refused 400 MB form: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
      expect(after - before).toBeLessThan(50);
      // The server is still there and still answers.
      expect((await fetch(`${site.server.url}/healthz`)).status).toBe(200);
    },
  );

  it("refuses a body with no length as soon as it passes the limit, on every small form", async () => {
    for (const path of ["/newsletter", "/admin/setup", "/admin/sign-in", "/admin/account", "/admin/password/abc"]) {
      const { status } = await streamForm(site.server.url, path, 2 * 1024 * 1024, true);
      expect(status, path).toBe(413);
    }
  });

  it("gives the recap and episode editors room for long texts, within their own limit, once signed in", async () => {
    const { client } = await setUpDeskOwner(site.server.url, ADMIN_TOKEN);
    const session = { Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") };
    // Within the editor's limit the form is read and judged on its merits (here: it carries no CSRF token).
    const within = await streamForm(site.server.url, "/admin/recaps/new", 2 * 1024 * 1024, false, session);
    expect(within.status).toBe(403);
    const over = await streamForm(
      site.server.url,
      "/admin/recaps/new",
      FORM_LIMITS.editor + 1024 * 1024,
      true,
      session,
    );
    expect(over.status).toBe(413);
    // Without a live session the editor's form has the small limit: its body is never read (issue 38).
    const unsignedHeaders: Array<Record<string, string>> = [{}, { Cookie: "proofline_desk=not-a-session" }];
    for (const headers of unsignedHeaders) {
      const unsigned = await streamForm(site.server.url, "/admin/recaps/new", 2 * 1024 * 1024, false, headers);
      expect(unsigned.status).toBe(413);
    }
  });
});
