import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, ENGINES, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Issue 38, point 8: `hub stats import` took a line longer than V8's longest string (about
// 512 MB) and the server went down; a CDN log's impossible dates were counted (31 February
// as 3 March, year 0000 as 1900, 2999 as it stood).
const TOKEN = "audience-import-admin-token-0123456789";
const APPLE = "AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)";
/** Past V8's longest string (2^29 - 24 characters). */
const HUGE_LINE = 600 * 2 ** 20;

describe.each(ENGINES)("importing a CDN log on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let direct: Database;
  let file: string;
  let size: number;
  let episodeId: number;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const list = (await (await fetch(`${server.url}/api/episodes?limit=1`)).json()) as {
      episodes: { id: number; audio_url: string; byte_size: number }[];
    };
    const e = list.episodes[0]!;
    file = new URL(e.audio_url, "http://x").pathname.replace(/^\/media/, "");
    size = e.byte_size;
    episodeId = e.id;
  });
  afterAll(async () => {
    await direct?.close();
    await server?.stop();
    await testDb?.drop();
  });

  const line = (address: string, stamp: string) =>
    `${address} - - [${stamp}] "GET ${file} HTTP/1.1" 200 ${size} "-" "${APPLE}"`;
  async function importLog(body: BodyInit) {
    const res = await fetch(`${server.url}/api/admin/stats/import`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "text/plain" },
      body,
      duplex: "half",
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const days = async () =>
    (
      await direct.db
        .selectFrom("download_daily")
        .select(["day", "downloads"])
        .where("episode_id", "=", episodeId)
        .orderBy("day")
        .execute()
    ).map((r) => [r.day, r.downloads]);

  it("leaves out lines whose date cannot be, and counts the others on their day", async () => {
    const log = [
      line("203.0.113.1", "31/Feb/2026:08:00:00 +0000"),
      line("203.0.113.2", "20/Nov/0000:08:00:00 +0000"),
      line("203.0.113.3", "20/Nov/2999:08:00:00 +0000"),
      line("203.0.113.4", "29/Feb/2026:08:00:00 +0000"),
      line("203.0.113.5", "20/Nov/2026:25:00:00 +0000"),
      line("203.0.113.6", "20/Nov/2026:23:30:00 -0500"),
    ].join("\n");
    expect(await importLog(log)).toEqual({
      status: 200,
      body: {
        lines: 6,
        audioRequests: 1,
        skipped: { unreadable: 5, notAudio: 0, notListening: 0 },
        downloads: 1,
      },
    });
    // 23:30 in New York is 04:30 the next day in UTC.
    expect(await days()).toEqual([["2026-11-21", 1]]);
  });

  it("takes a line longer than the longest string as unreadable, without holding it, and stays up", async () => {
    const before = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
    const chunk = new Uint8Array(2 ** 20).fill(0x61);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < HUGE_LINE) {
          sent += chunk.length;
          controller.enqueue(chunk);
        } else {
          controller.enqueue(new TextEncoder().encode(`\n${line("203.0.113.7", "20/Nov/2026:10:00:00 +0000")}\n`));
          controller.close();
        }
      },
    });
    expect(await importLog(body)).toEqual({
      status: 200,
      body: {
        lines: 2,
        audioRequests: 1,
        skipped: { unreadable: 1, notAudio: 0, notListening: 0 },
        downloads: 1,
      },
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await days()).toEqual([
      ["2026-11-20", 1],
      ["2026-11-21", 1],
    ]);
    // The line went through in pieces: the server's peak memory grew by far less than the line.
    const kb = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
    const after = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
    expect((kb(after, "VmHWM") - kb(before, "VmRSS")) / 1024).toBeLessThan(200);
  }, 120_000);
});
