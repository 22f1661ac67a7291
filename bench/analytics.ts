// npm run bench:analytics (issue 27): what counting the audience costs.
// 1. Ingest: audio requests and page views written in batches (as the recorder writes
//    them), events per second, on SQLite and PostgreSQL.
// 2. The desk's Audience page over a year of a popular show, 10 million downloads and
//    5 million page views in the daily tables, on both engines: median of 10 loads
//    of /admin/audience for 30 and 365 days, signed in, through the real server.
// 3. wrk: requests per second with counting on against off (five alternating runs each,
//    medians), for a page and an audio
//    byte range, beside a bare node:http server sending the same page bytes.
// Usage: [PARTS=ingest,page,throughput] node bench/analytics.ts [wrk seconds per run, 5 by default]
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { openDatabase, type Database } from "../server/db/client.ts";
import { DailySalts } from "../server/analytics/daily-salts.ts";
import { recordAudioHits, type AudioHit } from "../server/analytics/download-store.ts";
import { recordPageHits, type PageHit } from "../server/analytics/reader-store.ts";
import { freshDatabase, type Engine } from "../tests/support/databases.ts";
import { setUpDeskOwner } from "../tests/support/desk-client.ts";
import { startServer } from "../tests/support/server.ts";
import { startDemoServer } from "./demo-server.ts";

const seconds = Number(process.argv[2] ?? 5);
/** Which parts to run (PARTS=throughput, say): ingest, page, throughput; all by default. */
const parts = (process.env.PARTS ?? "ingest,page,throughput").split(",");
const ROUNDS = 5;
const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const TOKEN = "bench-analytics-admin-token-0123456789";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const APPS = [
  "AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)",
  "Spotify/8.8.0 iOS/17.0 (iPhone15,2)",
  "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)",
  "PocketCasts/1.0 (Pocket Casts - Android - v7.50)",
  CHROME,
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function addEpisodes(db: Database, n: number): Promise<{ id: number; mp3_file: string }[]> {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    date: dayOf(now - (n - i) * DAY_MS),
    title: `Bench episode ${i}`,
    description: "Sample content.",
    mp3_file: `bench-${i}.mp3`,
    weekly_daily: (i % 5 === 0 ? "weekly" : "daily") as "weekly" | "daily",
    duration_seconds: 1200,
    byte_size: 19_200_000,
    guid: `bench-${i}-${now}`,
    external_key: null,
    transcript: null,
    chapters: null,
    tags: null,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db.db
      .insertInto("podcast_episodes")
      .values(rows.slice(i, i + 200))
      .execute();
  return db.db
    .selectFrom("podcast_episodes")
    .select(["id", "mp3_file"])
    .where("mp3_file", "like", "bench-%")
    .execute() as never;
}

async function ingest(engine: Engine) {
  const testDb = await freshDatabase(engine);
  const server = await startServer({ ...testDb.env, SEED_DEMO: "false" }); // migrates the database
  await server.stop();
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    const episodes = await addEpisodes(database, 300);
    const salts = new DailySalts(database.db);
    const start = Date.now() - 3_600_000;
    // 20,000 listeners (address and app), five 400 KB ranges each: two minutes of a 128 kbit/s episode.
    const listener = (i: number) => i % 20_000;
    const audio: AudioHit[] = Array.from({ length: 100_000 }, (_, i) => ({
      at: new Date(start + i * 30),
      file: episodes[listener(i) % 37]!.mp3_file,
      address: `10.2.${(listener(i) >> 8) & 255}.${listener(i) & 255}`,
      userAgent: APPS[listener(i) % APPS.length]!,
      bytes: 400_000,
    }));
    let t = performance.now();
    let downloads = 0;
    for (let i = 0; i < audio.length; i += 5000)
      downloads += await recordAudioHits(database.db, salts, audio.slice(i, i + 5000));
    const audioRate = audio.length / ((performance.now() - t) / 1000);
    const pages: PageHit[] = Array.from({ length: 100_000 }, (_, i) => ({
      at: new Date(start + i * 30),
      path: `/recap/${i % 400}`,
      address: `10.1.${(i >> 8) & 255}.${i & 255}`,
      userAgent: CHROME,
      referrer: i % 7 === 0 ? "news.example.com" : undefined,
    }));
    t = performance.now();
    for (let i = 0; i < pages.length; i += 5000) await recordPageHits(database.db, salts, pages.slice(i, i + 5000));
    const pageRate = pages.length / ((performance.now() - t) / 1000);
    return { engine, "audio requests/s": Math.round(audioRate), downloads, "page views/s": Math.round(pageRate) };
  } finally {
    await database.close();
    await testDb.drop();
  }
}

/** A year of a popular show in the daily tables: 10 million downloads, 5 million page views. */
async function fillYear(database: Database) {
  const episodes = await addEpisodes(database, 365);
  const today = Date.now();
  const apps = [
    "Apple Podcasts",
    "Spotify",
    "Overcast",
    "Pocket Casts",
    "Castbox",
    "Podcast Addict",
    "Chrome",
    "Safari",
    "Amazon Music",
    "AntennaPod",
    "Castro",
    "Other",
  ];
  const platforms = ["iOS", "Android", "macOS"];
  let downloads = 0;
  let rows: { day: string; episode_id: number; downloads: number }[] = [];
  let appRows: { day: string; app: string; platform: string; downloads: number }[] = [];
  const flush = async () => {
    for (let i = 0; i < rows.length; i += 1000)
      await database.db
        .insertInto("download_daily")
        .values(rows.slice(i, i + 1000))
        .execute();
    for (let i = 0; i < appRows.length; i += 1000)
      await database.db
        .insertInto("download_apps_daily")
        .values(appRows.slice(i, i + 1000))
        .execute();
    rows = [];
    appRows = [];
  };
  const perEpisodePerDay = 952;
  for (let d = 0; d < 365; d++) {
    const day = dayOf(today - (364 - d) * DAY_MS);
    // The 30 newest episodes on that day are the ones still downloaded.
    let dayTotal = 0;
    for (let e = Math.max(0, d - 29); e <= d; e++) {
      rows.push({ day, episode_id: episodes[e]!.id, downloads: perEpisodePerDay });
      dayTotal += perEpisodePerDay;
    }
    const share = Math.floor(dayTotal / (apps.length * platforms.length));
    for (const app of apps) for (const platform of platforms) appRows.push({ day, app, platform, downloads: share });
    downloads += dayTotal;
    if (rows.length > 5_000) await flush();
  }
  await flush();
  let views = 0;
  const pageRows: { day: string; path: string; views: number; visitors: number }[] = [];
  for (let d = 0; d < 365; d++) {
    const day = dayOf(today - (364 - d) * DAY_MS);
    for (let p = 0; p < 150; p++) pageRows.push({ day, path: `/recap/${p}`, views: 92, visitors: 60 });
    pageRows.push({ day, path: "*", views: 150 * 92, visitors: 6000 });
    views += 150 * 92;
  }
  for (let i = 0; i < pageRows.length; i += 1000)
    await database.db
      .insertInto("reader_daily")
      .values(pageRows.slice(i, i + 1000))
      .execute();
  const sources = [];
  for (let d = 0; d < 365; d++)
    for (let s = 0; s < 20; s++)
      sources.push({ day: dayOf(today - d * DAY_MS), kind: "referrer" as const, label: `site${s}.example`, views: 40 });
  for (let i = 0; i < sources.length; i += 1000)
    await database.db
      .insertInto("reader_sources")
      .values(sources.slice(i, i + 1000))
      .execute();
  return { downloads, views };
}

async function audiencePage(engine: Engine) {
  const testDb = await freshDatabase(engine);
  const server = await startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, ANALYTICS: "false" });
  server.process.stdout!.removeAllListeners("data");
  server.process.stdout!.resume();
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    const filled = await fillYear(database);
    const { client } = await setUpDeskOwner(server.url, TOKEN);
    const out: Record<string, string | number> = {
      engine,
      downloads: filled.downloads.toLocaleString("en-US"),
      "page views": filled.views.toLocaleString("en-US"),
    };
    for (const days of [30, 365]) {
      const times: number[] = [];
      for (let i = 0; i < 11; i++) {
        const t = performance.now();
        const res = await client.get(`/admin/audience?days=${days}`);
        const html = await res.text();
        if (res.status !== 200 || !html.includes("Podcast downloads")) throw new Error(`audience page: ${res.status}`);
        if (i > 0) times.push(performance.now() - t);
      }
      out[`${days} days, median ms`] = +median(times).toFixed(1);
    }
    return out;
  } finally {
    await database.close();
    await server.stop();
    await testDb.drop();
  }
}

const run = promisify(execFile);
async function wrk(url: string, headers: string[]): Promise<number> {
  const { stdout } = await run("wrk", ["-t2", "-c32", `-d${seconds}s`, ...headers.flatMap((h) => ["-H", h]), url], {
    encoding: "utf8",
  });
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]);
}

async function throughput() {
  const off = await startDemoServer({ ANALYTICS: "false" });
  const on = await startDemoServer({ ANALYTICS: "true" });
  try {
    const episodes = (await (await fetch(`${on.url}/api/episodes?limit=1`)).json()) as {
      episodes: { audio_url: string }[];
    };
    const audio = new URL(episodes.episodes[0]!.audio_url, "http://x").pathname;
    const page = await (
      await fetch(`${on.url}/recap`, { headers: { "Accept-Encoding": "br", "User-Agent": CHROME } })
    ).arrayBuffer();
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Encoding": "br",
        "Content-Length": page.byteLength,
      });
      res.end(Buffer.from(page));
    });
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const targets = [
      { target: "/recap (page view)", path: "/recap", headers: [`User-Agent: ${CHROME}`, "Accept-Encoding: br"] },
      {
        target: `${audio} bytes=0-65535 (audio range)`,
        path: audio,
        headers: [`User-Agent: ${APPS[2]}`, "Range: bytes=0-65535"],
      },
    ];
    const rows = [];
    // Alternating rounds, medians: on two cores one run of either can be 20 % off by chance.
    for (const t of targets) {
      const offRuns: number[] = [];
      const onRuns: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        offRuns.push(await wrk(off.url + t.path, t.headers));
        onRuns.push(await wrk(on.url + t.path, t.headers));
      }
      const bareRps = t.path === "/recap" ? await wrk(bareUrl + "/", t.headers) : undefined;
      rows.push({
        target: t.target,
        "bare req/s": bareRps ? Math.round(bareRps) : "-",
        "counting off req/s": Math.round(median(offRuns)),
        "counting on req/s": Math.round(median(onRuns)),
        "on / off": +(median(onRuns) / median(offRuns)).toFixed(3),
        "off runs": offRuns.map(Math.round).join(" "),
        "on runs": onRuns.map(Math.round).join(" "),
      });
    }
    bare.close();
    return rows;
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
}

if (parts.includes("ingest")) {
  const ingestRows = [];
  for (const engine of engines) ingestRows.push(await ingest(engine));
  console.log("Ingest (100,000 audio requests over 300 episodes, 100,000 page views; batches of 5,000):");
  console.table(ingestRows);
}
if (parts.includes("page")) {
  const pageRows = [];
  for (const engine of engines) pageRows.push(await audiencePage(engine));
  console.log("The Audience page over a year in the daily tables (signed in, through the server):");
  console.table(pageRows);
}
if (parts.includes("throughput")) {
  console.log(
    `wrk -t2 -c32 -d${seconds}s, ${ROUNDS} alternating rounds (medians), demo content on SQLite, counting on against off:`,
  );
  console.table(await throughput());
}
