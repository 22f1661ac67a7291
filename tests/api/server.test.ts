import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { runServerExpectingExit, startServer, type RunningServer } from "../support/server.ts";

const ADMIN_TOKEN = "server-test-admin-token-0123456789";
/** What an operator sends to see /healthz's detail. */
const OPERATOR = { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } };

describe.each(ENGINES)("HTTP server on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, ADMIN_TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("reports a healthy database on /healthz: the status to anyone, the detail to an operator", async () => {
    const anyone = await fetch(`${server.url}/healthz`);
    expect(anyone.status).toBe(200);
    expect(await anyone.json()).toEqual({ status: "ok" });
    const res = await fetch(`${server.url}/healthz`, OPERATOR);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // SQLite's durability settings are part of its state (the server refuses to start without them).
    expect(await res.json()).toEqual({
      status: "ok",
      database: { engine, status: "up", ...(engine === "sqlite" ? { journal_mode: "wal", synchronous: "full" } : {}) },
      redis: { status: "not configured" },
      media: { store: "disk", status: "up" },
      mail: { status: "not configured" },
    });
  });

  it("says on /healthz and in its start line what it depends on, degraded (200) when Redis is down, never a secret", async () => {
    // Nothing listens on port 1: Redis is down from the start.
    const other = await startServer({
      ...testDb.env,
      SEED_DEMO: "false",
      ADMIN_TOKEN,
      REDIS_URL: "redis://:redis-secret-pw@127.0.0.1:1/0",
      SMTP_URL: "smtp://mailer:smtp-secret-pw@127.0.0.1:1",
      MAIL_FROM: "Hub <hub@proofline.test>",
    });
    try {
      const anyone = await fetch(`${other.url}/healthz`);
      expect(anyone.status).toBe(200);
      expect(await anyone.json()).toEqual({ status: "degraded" });
      const res = await fetch(`${other.url}/healthz`, OPERATOR);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: "degraded",
        database: { status: "up" },
        redis: { status: "down" },
        media: { store: "disk", status: "up" },
        mail: { status: "configured" },
      });
      const listening = other.logs.find(
        (l): l is Record<string, unknown> => typeof l === "object" && l.msg === "listening",
      );
      expect(listening).toMatchObject({
        database: engine,
        redis: "redis://:[secret]@127.0.0.1:1/0",
        mail: "smtp://mailer:[secret]@127.0.0.1:1 from Hub <hub@proofline.test>",
        media: expect.stringMatching(/^disk /),
      });
      expect(JSON.stringify(other.logs) + other.stderr()).not.toMatch(/redis-secret-pw|smtp-secret-pw/);
    } finally {
      await other.stop();
    }
  });

  it("server-renders the home page with the brand, and logs one JSON line per request with its id", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "X-Request-Id": "test-request-0001" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("x-request-id")).toBe("test-request-0001");
    const html = await res.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Proofline Industry Intelligence Hub");
    expect(html).toContain("<title>Proofline Industry Intelligence Hub</title>");
    await expect
      .poll(() =>
        server.logs.find((l) => typeof l === "object" && (l.req as { id?: string })?.id === "test-request-0001"),
      )
      .toMatchObject({
        req: { method: "GET", url: "/" },
        res: { statusCode: 200 },
      });
  });

  it("answers an unknown page with a server-rendered 404", async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
  });

  it("answers an unknown /api path with a JSON error", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("compresses text and caches hashed assets for good", async () => {
    const res = await fetch(`${server.url}/chat`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = await res.text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const assetRes = await fetch(`${server.url}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves robots.txt and a web app manifest with the brand", async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/^User-agent: \*\nAllow: \//);
    const manifest = await fetch(`${server.url}/site.webmanifest`);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      name: "Proofline Industry Intelligence Hub",
      short_name: "Proofline",
      start_url: "/",
    });
    for (const icon of [
      "/favicon.svg",
      "/favicon.ico",
      "/icons/icon-192.png",
      "/icons/icon-512.png",
      "/og-default.png",
    ]) {
      expect((await fetch(`${server.url}${icon}`)).status, icon).toBe(200);
    }
  });

  it("serves the demo media from DATA_DIR with byte ranges, and never a path outside the bucket", async () => {
    const path = "/media/podcast-episodes/2026-10-30-daily-no-low.mp3";
    const full = await fetch(`${server.url}${path}`);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("audio/mpeg");
    const size = (await full.arrayBuffer()).byteLength;
    const range = await fetch(`${server.url}${path}`, { headers: { Range: "bytes=0-1" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 0-1/${size}`);
    expect((await range.arrayBuffer()).byteLength).toBe(2);
    for (const trick of [
      "/media/podcast-episodes/..%2f..%2fproofline.sqlite",
      "/media/podcast-episodes/../podcast-episodes/x",
      "/media/other-bucket/a.mp3",
      "/media/weekly-summary-pics/%2e%2e/%2e%2e/proofline.sqlite",
    ]) {
      expect((await fetch(`${server.url}${trick}`)).status, trick).toBe(404);
    }
  });

  if (engine === "postgres") {
    it("answers 503 on /healthz when the database goes away", async () => {
      const own = await freshDatabase("postgres");
      const other = await startServer({ ...own.env, ADMIN_TOKEN });
      try {
        expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
        await adminQuery(
          new URL(process.env.TEST_DATABASE_URL!),
          `drop database ${new URL(own.databaseUrl!).pathname.slice(1)} with (force)`,
        );
        const anyone = await fetch(`${other.url}/healthz`);
        expect(anyone.status).toBe(503);
        expect(await anyone.json()).toEqual({ status: "unavailable" });
        const res = await fetch(`${other.url}/healthz`, OPERATOR);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({
          status: "unavailable",
          database: { engine: "postgres", status: "down" },
          redis: { status: "not configured" },
          media: { store: "disk", status: "up" },
          mail: { status: "not configured" },
        });
      } finally {
        await other.stop();
        await own.drop();
      }
    });
  }
});

describe("server start-up and shutdown", () => {
  it("takes the brand and the assistant's name from SITE_BRAND and ASSISTANT_NAME, and can skip the demo seed", async () => {
    const testDb = await freshDatabase("sqlite");
    const server = await startServer({ ...testDb.env, SITE_BRAND: "Cask", ASSISTANT_NAME: "Ada", SEED_DEMO: "false" });
    try {
      const html = await (await fetch(server.url)).text();
      expect(html).toContain("<title>Cask Industry Intelligence Hub</title>");
      expect(html).toContain(">Ask Ada<");
      expect(html).not.toContain("Proofline");
      expect(server.logs.some((l) => typeof l === "object" && l.msg === "demo content loaded")).toBe(false);
    } finally {
      await server.stop();
      await testDb.drop();
    }
  });

  it("stops at start with a one-line message naming a bad variable", async () => {
    const { code, stderr } = await runServerExpectingExit({ PORT: "not-a-port", DATA_DIR: "/tmp/unused" });
    expect(code).toBe(78);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid PORT: /);
  });

  it("finishes an in-flight request on SIGTERM, refuses new connections, closes the database and exits 0", async () => {
    const testDb = await freshDatabase("sqlite");
    const server = await startServer(testDb.env);
    try {
      const { port } = new URL(server.url);
      // A request whose headers are not finished yet is in flight, not idle.
      const socket = net.connect(Number(port), "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      await new Promise((r) => setTimeout(r, 100));
      const exited = server.stop("SIGTERM");
      await expect.poll(() => server.logs.some((l) => typeof l === "object" && l.msg === "shutting down")).toBe(true);
      await expect(fetch(server.url)).rejects.toThrow();
      let response = "";
      socket.on("data", (d) => (response += d.toString()));
      socket.write("Connection: close\r\n\r\n");
      await new Promise((r) => socket.once("close", r));
      expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(response).toContain('"status":"ok"');
      expect(await exited).toBe(0);
      expect(server.logs.some((l) => typeof l === "object" && l.msg === "stopped")).toBe(true);
    } finally {
      await server.stop();
      await testDb.drop();
    }
  });
});
