import net from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

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
    server = await startServer({ ...testDb.env, DATABASE_URL: url.toString() });
  });
  // A failed request names what the server said, so a crash would be visible.
  const fetch = async (url: string) => {
    try {
      return await undiciFetch(url, { dispatcher: noKeepAlive });
    } catch (err) {
      throw new Error(`${url}: ${(err as Error).message}; server exit ${server.process.exitCode ?? server.process.signalCode}\n${server.stderr()}`, { cause: err });
    }
  };

  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("answers with error states and 503 on /healthz while it is gone, and recovers by itself", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/podcast`)).status).toBe(200);

    await proxy.cut();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "unavailable", database: { engine: "postgres", status: "down" } });
    const podcast = await fetch(`${server.url}/podcast`);
    expect(podcast.status).toBe(503);
    expect(await podcast.text()).toContain("Error loading episodes");
    const api = await fetch(`${server.url}/api/recaps`);
    expect(api.status).toBeGreaterThanOrEqual(500);
    expect(Object.keys((await api.json()) as object)).toEqual(["error"]);
    const recap = await fetch(`${server.url}/recap`);
    expect(recap.status).toBeGreaterThanOrEqual(500);
    expect(await recap.text()).toContain("<html");
    // The process is still there.
    expect(server.process.exitCode, server.stderr()).toBeNull();

    await proxy.listen();
    await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await fetch(`${server.url}/podcast`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/recaps`)).status).toBe(200);
    expect((await fetch(`${server.url}/recap`)).status).toBe(200);
  });
});
