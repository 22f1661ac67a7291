import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, ENGINES, type TestDatabase } from "../support/databases.ts";
import { runHubCli } from "../support/hub-cli.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const TOKEN = "audience-admin-token-0123456789";
const FLUSH = { ANALYTICS_FLUSH_SECONDS: "0.1", TRUST_PROXY: "1", ADMIN_TOKEN: TOKEN };
const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const APPLE = "AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)";
const SPOTIFY = "Spotify/8.8.0 Android/34 (Pixel 8)";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Episode {
  id: number;
  audio_url: string;
  byte_size: number;
  duration_seconds: number;
}

const until = async (check: () => Promise<boolean>, what: string, ms = 10_000) => {
  for (const giveUp = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
};

// Two instances on one database, as a deployment runs them: a listener's ranges may reach either.
describe.each(ENGINES)("podcast downloads by the IAB rules on %s", (engine) => {
  let testDb: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let direct: Database;
  let episodes: Episode[];

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    a = await startServer({ ...testDb.env, ...FLUSH });
    b = await startServer({ ...testDb.env, ...FLUSH, SEED_DEMO: "false" });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const list = (await (await fetch(`${a.url}/api/episodes?limit=50`)).json()) as { episodes: Episode[] };
    episodes = list.episodes.filter((e) => e.audio_url && e.byte_size && e.duration_seconds);
    expect(episodes.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await direct?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.drop();
  });

  /** Bytes in a minute of the episode (its whole size when shorter), as the IAB rule counts them. */
  const minute = (e: Episode) => Math.min(e.byte_size, Math.ceil((e.byte_size * 60) / e.duration_seconds));

  async function fetchAudio(
    server: RunningServer,
    e: Episode,
    client: { address: string; agent: string },
    init: { method?: string; range?: [number, number] } = {},
  ) {
    const res = await fetch(`${server.url}${new URL(e.audio_url, "http://x").pathname}`, {
      method: init.method ?? "GET",
      headers: {
        "User-Agent": client.agent,
        "X-Forwarded-For": client.address,
        ...(init.range ? { Range: `bytes=${init.range[0]}-${init.range[1]}` } : {}),
      },
    });
    await res.arrayBuffer();
    expect([200, 206]).toContain(res.status);
  }

  const downloadsOf = async (episodeId: number) =>
    Number(
      (
        await direct.db
          .selectFrom("download_daily")
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("downloads"), eb.lit(0)).as("n"))
          .where("episode_id", "=", episodeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const windowsOf = async (episodeId: number) =>
    direct.db.selectFrom("download_windows").selectAll().where("episode_id", "=", episodeId).execute();
  /** Waits until both instances have written what they hold (their flush runs every 0.1 s). */
  const settled = () => new Promise((r) => setTimeout(r, 600));

  it("does not count HEAD requests or a probe of the first bytes", async () => {
    const e = episodes[0]!;
    const client = { address: "198.51.100.1", agent: APPLE };
    await fetchAudio(a, e, client, { method: "HEAD" });
    await fetchAudio(b, e, client, { range: [0, 1] });
    await settled();
    expect(await windowsOf(e.id)).toHaveLength(0);
    expect(await downloadsOf(e.id)).toBe(0);
  });

  it("counts one download once a client's ranges on either instance reach a minute of audio, however many", async () => {
    const e = episodes[1]!;
    const client = { address: "198.51.100.2", agent: OVERCAST };
    const third = Math.floor(minute(e) / 3);
    await fetchAudio(a, e, client, { range: [0, third - 1] });
    await fetchAudio(b, e, client, { range: [third, 2 * third - 1] });
    await settled();
    expect(await downloadsOf(e.id)).toBe(0); // two thirds of a minute: not yet a download
    await fetchAudio(a, e, client, { range: [2 * third, e.byte_size - 1] });
    await fetchAudio(b, e, client); // the whole file again, the same day
    await fetchAudio(a, e, client, { range: [0, e.byte_size - 1] });
    await until(async () => (await downloadsOf(e.id)) === 1, "the download to be counted");
    await settled();
    expect(await downloadsOf(e.id)).toBe(1);
    const [window] = await windowsOf(e.id);
    expect(window).toMatchObject({ requests: 5, counted: 1, app: "Overcast", platform: "iOS" });
  });

  it("counts each client apart, and never a bot", async () => {
    const e = episodes[2]!;
    await Promise.all([
      fetchAudio(a, e, { address: "198.51.100.3", agent: APPLE }),
      fetchAudio(b, e, { address: "198.51.100.4", agent: APPLE }),
      fetchAudio(a, e, { address: "198.51.100.3", agent: SPOTIFY }), // same address, another app: another client
      fetchAudio(b, e, { address: "198.51.100.5", agent: GOOGLEBOT }),
      fetchAudio(a, e, { address: "198.51.100.6", agent: "" }),
    ]);
    await until(async () => (await downloadsOf(e.id)) === 3, "three downloads");
    await settled();
    expect(await downloadsOf(e.id)).toBe(3);
  });

  it("stores no address, and reports downloads by episode, app and day to the API and `hub stats --json`", async () => {
    for (const table of ["download_windows", "download_daily", "download_apps_daily"] as const) {
      const rows = JSON.stringify(await direct.db.selectFrom(table).selectAll().execute());
      expect(rows).not.toContain("198.51.100");
    }
    const res = await fetch(`${b.url}/api/admin/stats/downloads?days=7`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { total: number; apps: { app: string; downloads: number }[] };
    expect(report.total).toBe(4);
    expect(report.apps).toEqual(
      expect.arrayContaining([
        { app: "Apple Podcasts", downloads: 2 },
        { app: "Overcast", downloads: 1 },
        { app: "Spotify", downloads: 1 },
      ]),
    );
    const cli = await runHubCli(a.url, ["stats", "downloads", "--json", "--days", "7"], { ADMIN_TOKEN: TOKEN });
    expect(cli.code).toBe(0);
    const printed = JSON.parse(cli.stdout) as { episodes: { id: number; downloads: number; first7Days: number }[] };
    expect(printed.episodes.find((x) => x.id === episodes[2]!.id)).toMatchObject({ downloads: 3 });
    expect(printed.episodes.find((x) => x.id === episodes[1]!.id)).toMatchObject({ downloads: 1 });
    expect(printed.episodes.find((x) => x.id === episodes[0]!.id)).toBeUndefined();
  });

  it("imports a CDN's access log by the same rules, and refuses the same log twice", async () => {
    const e = episodes[3] ?? episodes[0]!;
    const file = new URL(e.audio_url, "http://x").pathname.replace(/^\/media/, "");
    const size = e.byte_size;
    const half = Math.ceil(minute(e) / 2);
    const stamp = (s: number) => `[20/Nov/2026:08:00:${String(s).padStart(2, "0")} +0000]`;
    const log = [
      `203.0.113.7 - - ${stamp(1)} "HEAD ${file} HTTP/1.1" 200 0 "-" "${APPLE}"`,
      `203.0.113.7 - - ${stamp(2)} "GET ${file} HTTP/1.1" 206 2 "-" "${APPLE}"`,
      `203.0.113.7 - - ${stamp(3)} "GET ${file} HTTP/1.1" 206 ${half} "-" "${APPLE}"`,
      `203.0.113.7 - - ${stamp(4)} "GET ${file} HTTP/1.1" 206 ${half} "-" "${APPLE}"`,
      `203.0.113.8 - - ${stamp(5)} "GET ${file} HTTP/1.1" 206 ${half} "-" "${OVERCAST}"`,
      `203.0.113.9 - - ${stamp(6)} "GET ${file} HTTP/1.1" 200 ${size} "-" "${GOOGLEBOT}"`,
      `203.0.113.9 - - ${stamp(7)} "GET /feeds/podcast.xml HTTP/1.1" 200 5120 "-" "${APPLE}"`,
      `not a log line`,
    ].join("\n");
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "cdn-log-"));
    const logFile = path.join(work, "access.log");
    fs.writeFileSync(logFile, `${log}\n`);
    try {
      const first = await runHubCli(a.url, ["stats", "import", logFile, "--json"], { ADMIN_TOKEN: TOKEN });
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toEqual({
        lines: 8,
        audioRequests: 3,
        skipped: { unreadable: 1, notAudio: 1, notListening: 3 },
        downloads: 1,
      });
      const again = await runHubCli(a.url, ["stats", "import", logFile], { ADMIN_TOKEN: TOKEN });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("This log was imported on");
      const day = await direct.db
        .selectFrom("download_daily")
        .selectAll()
        .where("episode_id", "=", e.id)
        .where("day", "=", "2026-11-20")
        .execute();
      expect(day).toEqual([expect.objectContaining({ downloads: 1 })]);
      const apps = await direct.db
        .selectFrom("download_apps_daily")
        .selectAll()
        .where("day", "=", "2026-11-20")
        .execute();
      expect(apps).toEqual([{ day: "2026-11-20", app: "Apple Podcasts", platform: "iOS", downloads: 1 }]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it("answers a report it does not have, unreadable dates and a log in another form with a message", async () => {
    const get = async (path: string) => {
      const res = await fetch(`${a.url}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      return { status: res.status, error: ((await res.json()) as { error: string }).error };
    };
    expect(await get("/api/admin/stats/listeners")).toEqual({
      status: 404,
      error: "Unknown report: use downloads, readers or subscribers",
    });
    expect(await get("/api/admin/stats/downloads?from=2026-13-01")).toEqual({
      status: 400,
      error: "from: must be a date as YYYY-MM-DD",
    });
    expect(await get("/api/admin/stats/readers?from=2026-11-20&to=2026-11-01")).toEqual({
      status: 400,
      error: "from must not be after to",
    });
    const send = async (query: string, type: string) => {
      const res = await fetch(`${a.url}/api/admin/stats/import${query}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": type },
        body: type === "application/json" ? "{}" : "a log line",
      });
      return { status: res.status, error: ((await res.json()) as { error: string }).error };
    };
    expect(await send("", "application/json")).toEqual({
      status: 415,
      error: "Send the log itself as text/plain (curl --data-binary @access.log)",
    });
    expect(await send("?digest=abc", "text/plain")).toEqual({
      status: 400,
      error: "digest: must be the file's SHA-256 in hex",
    });
  });

  it("writes what it holds when it stops", async () => {
    const e = episodes[0]!;
    const slow = await startServer({ ...testDb.env, ...FLUSH, ANALYTICS_FLUSH_SECONDS: "60", SEED_DEMO: "false" });
    const before = await downloadsOf(e.id);
    await fetchAudio(slow, e, { address: "198.51.100.40", agent: APPLE });
    expect(await slow.stop()).toBe(0);
    expect(await downloadsOf(e.id)).toBe(before + 1);
  });
});
