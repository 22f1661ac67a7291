import http from "node:http";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ENGINES, type TestDatabase } from "../support/databases.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "page-cache-admin-token-0123";

/** Writes to the database the way an outside tool would: not through this server. */
async function writeDirectly(db: TestDatabase, statement: string) {
  if (db.engine === "sqlite") {
    const native = new DatabaseSync(path.join(db.dataDir, "proofline.sqlite"));
    native.exec("PRAGMA busy_timeout = 5000");
    native.exec(statement);
    native.close();
    return;
  }
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** A GET with exactly these headers, the body left as sent (fetch would decode it and add its own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe.each(ENGINES)("rendered pages, cached per content version (%s)", (engine) => {
  const site = serverForTests({ ADMIN_TOKEN: TOKEN }, engine);
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${site.server.url}${p}`, { headers });

  it("renders a page once, then serves the same bytes from the cache in every encoding", async () => {
    const first = await get("/recap/4");
    const firstHtml = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const again = await get("/recap/4");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(firstHtml);
    // fetch would decode by itself; read the raw bytes through the encodings a browser asks for.
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const raw = await rawGet(`${site.server.url}/recap/4`, { "Accept-Encoding": encoding });
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(raw.headers["vary"]).toBe("Accept-Encoding");
      expect(decode(raw.body).toString("utf8")).toBe(firstHtml);
    }
  });

  it("shows a change made through the publishing API on the very next request", async () => {
    await get("/podcast");
    expect((await get("/podcast")).headers.get("x-page-cache")).toBe("hit");
    const edit = await fetch(`${site.server.url}/api/admin/episodes/2`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Retitled through the publishing API" }),
    });
    expect(edit.status).toBe(200);
    const page = await get("/podcast");
    expect(page.headers.get("x-page-cache")).toBe("miss");
    expect(await page.text()).toContain("Retitled through the publishing API");
    // Every page was dropped, not only the one that shows the episode.
    expect((await get("/explorer")).headers.get("x-page-cache")).toBe("miss");
  });

  it("shows a change written to the database by another program on the very next request", async () => {
    await get("/recap/6");
    expect((await get("/recap/6")).headers.get("x-page-cache")).toBe("hit");
    await writeDirectly(site.db, "update weekly_summaries set headline = 'Written outside the server' where id = 6");
    const page = await get("/recap/6");
    expect(page.headers.get("x-page-cache")).toBe("miss");
    expect(await page.text()).toContain("Written outside the server");
  });

  it("answers a revalidation with 304 until the content changes", async () => {
    const first = await get("/podcast");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"v\d+-[\w-]+-(?:br|gzip|identity)"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    // As a browser revalidates (fetch would add "Cache-Control: no-cache", which forbids a 304).
    const same = await rawGet(`${site.server.url}/podcast`, {
      "If-None-Match": etag,
      "Accept-Encoding": "gzip, deflate",
    });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    await writeDirectly(site.db, "update podcast_episodes set title = 'Retitled for revalidation' where id = 1");
    const changed = await rawGet(`${site.server.url}/podcast`, {
      "If-None-Match": etag,
      "Accept-Encoding": "gzip, deflate",
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("renders a page once for a crowd that asks for it at the same moment", async () => {
    const url = `/recap?q=${engine}-crowd`;
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, async () => (await get(url)).headers.get("x-page-cache")),
    );
    expect(outcomes.filter((o) => o === "miss")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "shared" || o === "hit")).toHaveLength(15);
  });

  it("keeps one 404 page for every path no page claims, no page's own not-found answer, and answers HEAD from the same render without a body", async () => {
    // The 404 page names no path (issue 38, point 7): rendered once, then a copy for any path.
    const outcomes = [];
    for (const path of ["/no-such-page", "/another/missing/page"]) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      outcomes.push(missing.headers.get("x-page-cache"));
    }
    expect(outcomes).toEqual(["miss", "hit"]);
    // A recap that does not exist is its page's own answer: rendered each time, never kept.
    for (let i = 0; i < 2; i++) {
      const missing = await get("/recap/999999");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("x-page-cache")).toBe("miss");
    }
    const full = await get("/explorer");
    const head = await fetch(`${site.server.url}/explorer`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(head.headers.get("content-length")).toBe(full.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });
});

describe("the page cache and query strings", () => {
  const site = serverForTests({ SEED_DEMO: "true" }, "sqlite");

  it("keeps one copy of a page whatever parameters it does not read are added (utm_…, fbclid, random strings)", async () => {
    for (const path of ["/", "/recap?q=tequila", "/podcast?series=daily"]) {
      const outcomes: string[] = [];
      for (let i = 0; i < 50; i++) {
        const sep = path.includes("?") ? "&" : "?";
        const res = await fetch(
          `${site.server.url}${path}${sep}utm_source=news${i}&fbclid=${Math.random().toString(36).slice(2)}&${Math.random().toString(36).slice(2)}=1`,
        );
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        outcomes.push(res.headers.get("x-page-cache")!);
      }
      // One render at most (the first); on 3f297b8 every request was a miss.
      expect(
        outcomes.slice(1).every((o) => o === "hit"),
        `${path}: ${outcomes.join(",")}`,
      ).toBe(true);
    }
  });

  it("still renders each value of a parameter the page reads", async () => {
    const one = await (await fetch(`${site.server.url}/recap?q=tequila&utm_source=x`)).text();
    const other = await (await fetch(`${site.server.url}/recap?q=bourbon&utm_source=x`)).text();
    expect(one).not.toBe(other);
    expect(one).toContain('value="tequila"');
  });
});
