import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const TOKEN = "fast-path-admin-token-0123456789";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/**
 * Every kind of answer the cache keeps: each page family, each API list, each feed, the
 * sitemap and the small site files. (The imports and filings lists need imported records,
 * which the demo has not; they are kept the same way as /api/data/labels.)
 */
const CACHED = [
  "/",
  "/recap",
  "/recap?q=tequila&utm_source=newsletter",
  "/recap/1",
  "/recap.data",
  "/podcast",
  "/explorer",
  "/chat",
  "/search?q=tequila",
  "/topics",
  "/topics/tequila",
  "/data",
  "/data/tequila",
  "/data/labels",
  "/data/imports",
  "/api/recaps",
  "/api/episodes",
  "/api/recaps/1/comments",
  "/api/episodes/1/comments",
  "/api/companies",
  "/api/companies/1",
  "/api/companies/1/coverage",
  "/api/search?q=tequila",
  "/api/data",
  "/api/data.csv",
  "/api/data/labels",
  "/api/data/tequila",
  "/api/data/tequila.csv",
  "/feeds/recaps.xml",
  "/feeds/podcast.xml",
  "/feeds/daily.xml",
  "/feeds/weekly.xml",
  "/feeds/labels.xml",
  "/feeds/topics/tequila.xml",
  "/feeds/follow/topic/tequila.xml",
  "/feeds/episodes/1/transcript.vtt",
  "/feeds/episodes/1/transcript.txt",
  "/feeds/episodes/1/chapters.json",
  "/sitemap.xml",
  "/robots.txt",
  "/site.webmanifest",
];

const ENCODINGS = ["br, gzip", "gzip", "identity"];

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers, the body left as sent (fetch would decode it and add its own headers). */
function raw(url: string, method: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

/** What a client can tell of an answer, apart from when it was sent and whether the cache had it. */
function seen({ status, headers, body }: Raw) {
  const { date: _date, "x-page-cache": _cache, ...rest } = headers;
  return { status, headers: rest, body: body.toString("base64") };
}

describe("cached answers before the framework (the fast path)", () => {
  let testDb: TestDatabase;
  let fast: RunningServer;
  let framework: RunningServer;
  let direct: Database;

  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    const env = {
      ...testDb.env,
      ADMIN_TOKEN: TOKEN,
      TRUST_PROXY: "1",
      ANALYTICS_FLUSH_SECONDS: "0.1",
      SITE_URL: "http://proofline.test",
    };
    fast = await startServer(env);
    // The same site on the same database, every request through Express: what the fast path must match.
    framework = await startServer({ ...env, SEED_DEMO: "false", FAST_PATH: "false" });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await direct?.close();
    await Promise.all([fast?.stop(), framework?.stop()]);
    await testDb?.drop();
  });

  // Both servers read one database, so both answer at one content version with the same tags.
  const headersFor = (encoding: string, path: string) => ({
    "Accept-Encoding": encoding,
    "X-Request-Id": `fast-path-${encoding.replace(/\W/g, "")}-${path.length}`,
    "User-Agent": CHROME,
  });

  it("answers a hit exactly as the framework answers a miss and a hit, for every cached route, encoding and method", async () => {
    for (const path of CACHED) {
      const first = await raw(fast.url + path, "GET", headersFor("br, gzip", path));
      expect(first.status, path).toBe(200);
      expect(first.headers["x-page-cache"], path).toBe("miss");
      for (const encoding of ENCODINGS) {
        const headers = headersFor(encoding, path);
        const hit = await raw(fast.url + path, "GET", headers);
        expect(hit.headers["x-page-cache"], path).toBe("hit");
        const framed = await raw(framework.url + path, "GET", headers);
        expect(seen(hit), `${path} (${encoding})`).toEqual(seen(framed));
        if (encoding === "br, gzip") expect(seen(hit), `${path}: miss and hit`).toEqual(seen(first));

        const head = await raw(fast.url + path, "HEAD", headers);
        expect(head.headers["x-page-cache"]).toBe("hit");
        expect(head.body.length).toBe(0);
        expect(seen(head), `HEAD ${path} (${encoding})`).toEqual(
          seen(await raw(framework.url + path, "HEAD", headers)),
        );

        const conditional = { ...headers, "If-None-Match": String(hit.headers.etag) };
        const notModified = await raw(fast.url + path, "GET", conditional);
        expect(notModified.status, path).toBe(304);
        expect(notModified.headers["x-page-cache"]).toBe("hit");
        expect(seen(notModified), `304 ${path} (${encoding})`).toEqual(
          seen(await raw(framework.url + path, "GET", conditional)),
        );
      }
    }
  });

  it("reads a target's path as Express does, a fragment and all", async () => {
    // Sent as written (a URL object would drop the fragment before it left the client).
    const exact = (base: string, target: string) =>
      new Promise<Raw>((resolve, reject) => {
        const { hostname, port } = new URL(base);
        http
          .request(
            { hostname, port, path: target, headers: { "Accept-Encoding": "br", "X-Request-Id": "fragment-0001" } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () =>
                resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
              );
            },
          )
          .on("error", reject)
          .end();
      });
    for (const target of ["/robots.txt#top", "/recap#latest", "/api/episodes#x"]) {
      await exact(fast.url, target);
      const hit = await exact(fast.url, target);
      expect(hit.headers["x-page-cache"], target).toBe("hit");
      expect(seen(hit), target).toEqual(seen(await exact(framework.url, target)));
    }
  });

  it("keeps the security headers and a request id of its own on a hit", async () => {
    await raw(fast.url + "/podcast", "GET", {});
    const hit = await raw(fast.url + "/podcast", "GET", { "X-Request-Id": "not an id" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(hit.headers["x-frame-options"]).toBe("DENY");
    expect(hit.headers["x-content-type-options"]).toBe("nosniff");
    const feed = await raw(fast.url + "/feeds/recaps.xml", "GET", {});
    expect(feed.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("logs a hit as the framework logs a request: its id, method, URL and status", async () => {
    await raw(fast.url + "/podcast?series=daily", "GET", {});
    await raw(fast.url + "/podcast?series=daily", "GET", { "X-Request-Id": "fast-path-logged-hit" });
    const line = async () =>
      fast.logs.find(
        (entry): entry is Record<string, unknown> =>
          typeof entry === "object" && (entry.req as { id?: string } | undefined)?.id === "fast-path-logged-hit",
      );
    await expect.poll(line).toBeDefined();
    expect(await line()).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id: "fast-path-logged-hit", method: "GET", url: "/podcast?series=daily" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // The framework's own line for a miss has the same shape.
    const framed = fast.logs.find(
      (entry): entry is Record<string, unknown> =>
        typeof entry === "object" && entry.msg === "request completed" && entry.req !== undefined,
    );
    expect(Object.keys(framed!).sort()).toEqual(Object.keys((await line())!).sort());
  });

  it("logs a hit whose answer is cut off as the framework does: 'request aborted', with its id and status", async () => {
    const path = "/explorer?sort=cut-off";
    await raw(fast.url + path, "GET", { "Accept-Encoding": "identity" });
    // Requests on one connection whose client reads nothing: the answers fill the socket's buffers,
    // and the later ones cannot be written whole. Sent forty at a time until some are stuck (however
    // large the buffers), then the client goes.
    const { port } = new URL(fast.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.pause();
    const ids: string[] = [];
    const lines = (msg: string) =>
      fast.logs.filter(
        (entry): entry is Record<string, unknown> =>
          typeof entry === "object" &&
          entry.msg === msg &&
          ids.includes((entry.req as { id?: string } | undefined)?.id ?? ""),
      );
    while (ids.length < 2000 && lines("request completed").length === ids.length) {
      const batch = Array.from({ length: 40 }, (_, i) => `fast-path-cut-off-${ids.length + i}`);
      ids.push(...batch);
      socket.write(
        batch
          .map(
            (id) =>
              `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\nX-Request-Id: ${id}\r\n\r\n`,
          )
          .join(""),
      );
      // Until no more are completed for a while: the buffers have taken all they will.
      let seen = -1;
      while (seen !== lines("request completed").length) {
        seen = lines("request completed").length;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    expect(lines("request completed").length).toBeGreaterThan(0);
    expect(lines("request completed").length).toBeLessThan(ids.length);
    socket.destroy();
    await expect.poll(() => lines("request aborted").length).toBeGreaterThan(0);
    expect(lines("request aborted")[0]).toMatchObject({
      level: 30,
      req: { method: "GET", url: path },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it("serves one kept copy whatever parameters a page does not read, and still renders each one it reads", async () => {
    await raw(fast.url + "/explorer?q=rye", "GET", {});
    const tracked = await raw(fast.url + "/explorer?utm_campaign=fall&q=rye&fbclid=abc", "GET", {});
    expect(tracked.headers["x-page-cache"]).toBe("hit");
    expect((await raw(fast.url + "/explorer?q=bourbon", "GET", {})).headers["x-page-cache"]).toBe("miss");
  });

  it("shows a publish on the very next request", async () => {
    await raw(fast.url + "/recap/2", "GET", {});
    await raw(fast.url + "/api/recaps", "GET", {});
    expect((await raw(fast.url + "/recap/2", "GET", {})).headers["x-page-cache"]).toBe("hit");
    const edit = await fetch(`${framework.url}/api/admin/recaps/2`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ headline: "Republished through the other instance" }),
    });
    expect(edit.status).toBe(200);
    const page = await raw(fast.url + "/recap/2", "GET", {});
    expect(page.headers["x-page-cache"]).toBe("miss");
    expect(page.body.toString("utf8")).toContain("Republished through the other instance");
    const list = await raw(fast.url + "/api/recaps", "GET", {});
    expect(list.headers["x-page-cache"]).toBe("miss");
    expect(list.body.toString("utf8")).toContain("Republished through the other instance");
  });

  const settled = () => new Promise((r) => setTimeout(r, 600));
  const views = async (path: string) =>
    Number(
      (await direct.db.selectFrom("reader_daily").select("views").where("path", "=", path).executeTakeFirst())?.views ??
        0,
    );

  it("counts a page view on a hit, with its referrer and campaign, and none for a reader who opted out", async () => {
    const visit = (address: string, headers: Record<string, string> = {}) =>
      raw(fast.url + "/topics/tequila?utm_source=Trade&utm_medium=email", "GET", {
        "User-Agent": CHROME,
        "X-Forwarded-For": address,
        Accept: "text/html",
        ...headers,
      });
    await visit("198.51.100.1");
    await settled();
    const before = await views("/topics/tequila");
    const hit = await visit("198.51.100.2", { Referer: "https://www.example.com/a" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect((await visit("198.51.100.3", { DNT: "1" })).headers["x-page-cache"]).toBe("hit");
    expect((await visit("198.51.100.4", { "Sec-GPC": "1" })).headers["x-page-cache"]).toBe("hit");
    await visit("198.51.100.5", { "Sec-Purpose": "prefetch" });
    await visit("198.51.100.6", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await settled();
    expect((await views("/topics/tequila")) - before).toBe(1);
    const sources = await direct.db.selectFrom("reader_sources").select(["kind", "label"]).execute();
    expect(sources).toContainEqual({ kind: "referrer", label: "example.com" });
    expect(sources).toContainEqual({ kind: "campaign", label: "trade / email / -" });
  });
});
