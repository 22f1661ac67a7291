import { createHash } from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-for-tests.ts";

const site = serverForTests({});

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
};

describe("security headers", () => {
  it("gives every page one policy admitting exactly its own inline scripts, by hash, and no nonce", async () => {
    for (const path of ["/", "/recap", "/recap/2", "/explorer", "/chat", "/podcast", "/no-such-page"]) {
      const res = await fetch(`${site.server.url}${path}`);
      const html = await res.text();
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      for (const [name, value] of Object.entries(COMMON)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).not.toContain(","); // a single policy, not two joined
      expect(csp).not.toMatch(/script-src[^;]*(?:unsafe-inline|nonce-)/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        ([, text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`,
      );
      // Home is plain HTML (no scripts); every other page has React Router's inline scripts.
      if (path === "/") expect(inline, path).toEqual([]);
      else expect(inline.length, path).toBeGreaterThan(0);
      expect(new Set(scriptSrc), path).toEqual(new Set(["'self'", ...inline]));
      expect(html).not.toContain("nonce=");
    }
  });

  it("gives everything else a policy that runs nothing", async () => {
    for (const path of ["/api/recaps", "/feeds/recaps.xml", "/robots.txt", "/healthz", "/sitemap.xml"]) {
      const res = await fetch(`${site.server.url}${path}`);
      expect(res.headers.get("content-security-policy"), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers.get("content-type"), path).toMatch(/charset=utf-8/i);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("answers TRACE with 405, sends no HSTS over plain http, and serves no dotfiles or source maps", async () => {
    // fetch() refuses to send TRACE, so the test speaks HTTP itself.
    const traceStatus = await new Promise<number>((resolve, reject) =>
      http
        .request(`${site.server.url}/`, { method: "TRACE" }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
        .on("error", reject)
        .end(),
    );
    expect(traceStatus).toBe(405);
    expect((await fetch(`${site.server.url}/`)).headers.get("strict-transport-security")).toBeNull();
    for (const path of ["/.env", "/.git/config", "/assets/.vite/manifest.json"])
      expect((await fetch(`${site.server.url}${path}`)).status, path).not.toBe(200);
    const assets = await (await fetch(`${site.server.url}/chat`)).text();
    const script = /\/assets\/[\w-]+\.js/.exec(assets)![0];
    expect((await fetch(`${site.server.url}${script}.map`)).status).not.toBe(200);
  });
});
