// npm run bench:scale: ten years of content (bench/ten-years.ts) on SQLite and,
// when PostgreSQL is reachable (TEST_DATABASE_URL, or the local server), on
// PostgreSQL; then, for each page and API, the response size (gzip), the first
// request's time (a render: nothing cached) and the median and p99 of the next
// ones (one at a time, request to last byte on 127.0.0.1), and the server's RSS
// after the run. Targets (issue 14): every page under 100 KB gzip and 50 ms median,
// RSS under 300 MB. Writes bench/results/scale.json.
// Usage: node bench/scale.ts [requests per target] (default 200)
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDemoContent } from "#server/db/seed.ts";
import { freshDatabase, type Engine } from "../tests/support/databases.ts";
import { startServer } from "../tests/support/server.ts";
import { rssMb } from "./demo-server.ts";
import { fillTenYears, TEN_YEARS } from "./ten-years.ts";
import { COMPANIES } from "#server/content/companies.server.ts";

// The ten years name Diageo in about one sentence in fifteen: a company with much coverage.
const DIAGEO_ID = COMPANIES.find((c) => c.name.startsWith("Diageo"))!.id;

const requests = Number(process.argv[2] ?? 200);
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A GET asking for gzip, read undecoded: the bytes on the wire. */
function getRaw(url: string): Promise<{ status: number; encoding: string | undefined; size: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" }, agent: keepAlive }, (res) => {
        let size = 0;
        res.on("data", (chunk: Buffer) => (size += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], size }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function postgresReachable(): Promise<boolean> {
  const database = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: "." });
  try {
    await database.ping();
    return true;
  } catch {
    return false;
  } finally {
    await database.close();
  }
}

interface Row {
  engine: Engine;
  target: string;
  "gzip KB": number;
  "first ms": number;
  "median ms": number;
  "p99 ms": number;
}

async function measure(engine: Engine): Promise<{ rows: Row[]; rssMb: number; fillSeconds: number }> {
  const testDb = await freshDatabase(engine);
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  const filling = performance.now();
  await migrateToLatest(database.db);
  await seedDemoContent(database.db, testDb.dataDir);
  const { commentedRecapId } = await fillTenYears(database.db);
  const fillSeconds = (performance.now() - filling) / 1000;
  await database.close();

  const server = await startServer(testDb.env);
  server.process.stdout!.removeAllListeners("data");
  server.process.stdout!.resume();
  const targets = [
    "/",
    "/recap",
    "/recap?page=100",
    "/recap?q=tequila",
    "/recap?q=tequila&page=20",
    `/recap/${commentedRecapId}`,
    "/podcast",
    "/podcast?series=weekly",
    "/podcast?page=150",
    "/podcast?q=tequila",
    "/explorer",
    "/chat",
    // Site search (issue 26): a word in most recaps, a word only the demo content has, and no hit.
    "/search?q=tequila",
    "/search?q=flavour",
    "/search?q=zzqx-nothing",
    "/search?q=tequila&kind=recap&page=20",
    // Topics and company coverage (issue 26): a topic on about a tenth of ten years, a late page of it,
    // the index, a topic's feed; a much-named company's coverage as the API and the profile give it.
    "/topics/tequila",
    "/topics/tequila?page=20",
    "/topics",
    "/feeds/topics/tequila.xml",
    `/api/companies/${DIAGEO_ID}/coverage`,
    `/explorer?company=${DIAGEO_ID}`,
    "/api/recaps",
    "/api/recaps?q=bourbon",
    "/api/episodes",
    "/api/episodes?q=bourbon",
    "/api/search?q=bourbon",
    `/api/recaps/${commentedRecapId}/comments`,
    "/feeds/podcast.xml",
    "/feeds/daily.xml",
    "/feeds/recaps.xml",
    "/sitemap.xml",
  ];
  const rows: Row[] = [];
  try {
    for (const target of targets) {
      const times: number[] = [];
      let first = 0;
      let bytes = 0;
      for (let i = 0; i <= requests; i++) {
        const start = performance.now();
        const { status, encoding, size } = await getRaw(server.url + target);
        const ms = performance.now() - start;
        if (status !== 200) throw new Error(`${target} answered ${status}`);
        if (encoding !== "gzip") throw new Error(`${target} was not compressed`);
        if (i === 0) first = ms;
        else times.push(ms);
        bytes = size;
      }
      times.sort((a, b) => a - b);
      rows.push({
        engine,
        target,
        "gzip KB": +(bytes / 1024).toFixed(1),
        "first ms": +first.toFixed(1),
        "median ms": +percentile(times, 50).toFixed(2),
        "p99 ms": +percentile(times, 99).toFixed(2),
      });
    }
    return { rows, rssMb: +rssMb(server.process.pid!).toFixed(1), fillSeconds: +fillSeconds.toFixed(1) };
  } finally {
    await server.stop();
    await testDb.drop();
  }
}

const engines: Engine[] = (await postgresReachable()) ? ["sqlite", "postgres"] : ["sqlite"];
const results = [];
console.log(
  `Ten years: ${TEN_YEARS.recaps} recaps, ${TEN_YEARS.episodes} episodes, ${TEN_YEARS.comments} comments on one recap; ${requests} requests per target.`,
);
for (const engine of engines) {
  const result = await measure(engine);
  results.push({ engine, ...result });
  console.log(
    `\n${engine}: filled in ${result.fillSeconds} s; server RSS after the run ${result.rssMb} MB (target < 300)`,
  );
  console.table(result.rows.map(({ engine: _e, ...r }) => r));
  const misses = result.rows.filter(
    (r) => !r.target.startsWith("/api") && !r.target.includes(".xml") && (r["gzip KB"] >= 100 || r["median ms"] >= 50),
  );
  if (misses.length) console.log(`Pages over 100 KB gzip or 50 ms median: ${misses.map((m) => m.target).join(", ")}`);
}
fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, "results", "scale.json"), JSON.stringify(results, null, 2));
