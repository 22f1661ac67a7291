import net from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const ADMIN_TOKEN = "pg-outage-admin-token-0123456789";

/**
 * A TCP proxy in front of PostgreSQL that the test can cut and restore: the
 * database "goes away" for this server only, not for the other suites sharing it.
 */
function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
  };
}

// A fresh connection for every request: no keep-alive socket that the server may be closing as we reuse it.
const noKeepAlive = new Agent({ pipelining: 0 });

describe.skipIf(!process.env.TEST_DATABASE_URL)("when PostgreSQL goes away and comes back", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost");
  const proxy = cuttableProxy({ host: admin.hostname, port: Number(admin.port || 5432) });

  beforeAll(async () => {
    testDb = await freshDatabase("postgres");
    await proxy.listen();
    const url = new URL(testDb.databaseUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    // A password the local server does not ask for (trust), so the test can check it never reaches the log.
    url.password = "outage-secret-pw";
    server = await startServer({ ...testDb.env, DATABASE_URL: url.toString(), ADMIN_TOKEN });
  });
  // A failed request names what the server said, so a crash would be visible.
  const fetch = async (url: string, headers: Record<string, string> = {}) => {
    try {
      return await undiciFetch(url, { dispatcher: noKeepAlive, headers });
    } catch (err) {
      throw new Error(
        `${url}: ${(err as Error).message}; server exit ${server.process.exitCode ?? server.process.signalCode}\n${server.stderr()}`,
        { cause: err },
      );
    }
  };

  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("serves what it has kept, answers 503 for the rest, pages and API alike, logs each cause, and recovers by itself", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const before = await fetch(`${server.url}/podcast`);
    expect(before.status).toBe(200);
    const kept = await before.text();

    await proxy.cut();
    // The detail is for operators (issue 38).
    const health = await fetch(`${server.url}/healthz`, { Authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: "unavailable",
      database: { engine: "postgres", status: "down" },
    });
    // A page in the page cache: its last copy, not an error (the database cannot say whether it changed).
    const stale = await fetch(`${server.url}/podcast`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("x-page-cache")).toBe("stale");
    expect(await stale.text()).toBe(kept);
    // Pages never kept: the page's own error state, or the error page, with 503 and Retry-After.
    const podcast = await fetch(`${server.url}/podcast?series=weekly`);
    expect(podcast.status).toBe(503);
    expect(await podcast.text()).toContain("Error loading episodes");
    const recap = await fetch(`${server.url}/recap`);
    expect(recap.status).toBe(503);
    expect(recap.headers.get("retry-after")).toBe("5");
    expect(await recap.text()).toContain("<html");
    // The API says the same: 503, Retry-After, one short message.
    const api = await fetch(`${server.url}/api/recaps`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("5");
    expect(await api.json()).toEqual({
      error: "The site's database is unavailable right now. Please try again in a moment.",
    });
    // The process is still there.
    expect(server.process.exitCode, server.stderr()).toBeNull();

    // The log has each failure's cause, with its stack and the request's id; never the database's password.
    // (The server's lines reach this process through a pipe: they may come a moment after the answer.)
    const logLine = async (match: (l: Record<string, unknown>) => boolean) => {
      const find = () => server.logs.find((l): l is Record<string, unknown> => typeof l === "object" && match(l));
      await expect.poll(find, { timeout: 5000, interval: 50 }).toBeDefined();
      return find()!;
    };
    const failure = await logLine(
      (l) => l.msg === "page failed to load" && l.reqId === recap.headers.get("x-request-id"),
    );
    expect(String((failure.err as { stack?: string }).stack)).toMatch(/\n\s+at /);
    const apiFailure = await logLine(
      (l) =>
        l.msg === "request failed: database unavailable" &&
        (l.req as { id?: string } | undefined)?.id === api.headers.get("x-request-id"),
    );
    expect(String((apiFailure.err as { stack?: string }).stack)).toMatch(/\n\s+at /);
    expect(JSON.stringify(server.logs) + server.stderr()).not.toContain("outage-secret-pw");

    await proxy.listen();
    await expect
      .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    expect((await fetch(`${server.url}/podcast`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/recaps`)).status).toBe(200);
    expect((await fetch(`${server.url}/recap`)).status).toBe(200);
  });
});
