import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostnameOf } from "./fast-path.ts";

// The fast path counts a page view with the host Express would have read: the same answer as
// `req.hostname`, from a real Express app on 127.0.0.1, for each "trust proxy" setting.
const SETTINGS = [false, true, "loopback", "10.0.0.0/8"] as const;
const HEADERS: Array<Record<string, string>> = [
  { host: "example.com" },
  { host: "example.com:8080" },
  { host: "[::1]:3000" },
  { host: "[::1]" },
  { host: "internal:3000", "x-forwarded-host": "proxy.example" },
  { host: "internal:3000", "x-forwarded-host": "a.example, b.example" },
  { host: "internal:3000", "x-forwarded-host": "a.example:8443 , b.example" },
  { host: "internal:3000", "x-forwarded-host": "[2001:db8::1]:443" },
  { host: "internal:3000", "x-forwarded-host": "[2001:db8::1]" },
];

let servers: Array<{ setting: (typeof SETTINGS)[number]; server: http.Server; port: number }> = [];

beforeAll(async () => {
  servers = await Promise.all(
    SETTINGS.map(
      (setting) =>
        new Promise<(typeof servers)[number]>((resolve) => {
          const app = express();
          app.set("trust proxy", setting);
          const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
          app.get(
            "/",
            (req, res) => void res.json({ express: req.hostname ?? null, ours: hostnameOf(req, trust) ?? null }),
          );
          const server = app.listen(0, "127.0.0.1", () =>
            resolve({ setting, server, port: (server.address() as AddressInfo).port }),
          );
        }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(servers.map(({ server }) => new Promise((done) => server.close(done))));
});

function ask(port: number, headers: Record<string, string>): Promise<{ express: string | null; ours: string | null }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", headers, setHost: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(JSON.parse(body) as { express: string | null; ours: string | null }));
      })
      .on("error", reject);
  });
}

describe("hostnameOf", () => {
  it("reads the host as Express's req.hostname does, forwarded or not, with ports and IPv6 literals", async () => {
    for (const { setting, port } of servers)
      for (const headers of HEADERS) {
        const { express: expected, ours } = await ask(port, headers);
        expect({ setting, headers, host: ours }).toEqual({ setting, headers, host: expected });
      }
    // The cases differ: a trusted proxy's forwarded host is read, an untrusted one's is not.
    const trusted = await ask(servers.find((s) => s.setting === true)!.port, HEADERS[4]!);
    const untrusted = await ask(servers.find((s) => s.setting === false)!.port, HEADERS[4]!);
    expect([trusted.ours, untrusted.ours]).toEqual(["proxy.example", "internal"]);
  });
});
