// npm run bench:data: imports the whole real Iowa file (280,736 rows) on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL, each in a child process of its own so its peak RSS is its
// own; prints the time, the rows, and the peak RSS, then the same for a tenth of the file (flat
// memory means the two peaks are close). After the whole file, a real server (the built site,
// `npx react-router build` first) on that database serves /data and family pages: the median
// time served (the page cache's normal path), the median time rendered afresh (the content
// version bumped before each request, as an import does), and the gzipped size.
import { execFileSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { ENGINES, freshDatabase, type Engine } from "../tests/support/databases.ts";
import { IOWA_FILE } from "../tests/support/iowa-files.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { importIowaFile } from "../server/market/iowa-import.ts";
import { startServer } from "../tests/support/server.ts";
import { sql, type Kysely } from "kysely";
import type { DB } from "../server/db/schema.ts";
import { gzipSync } from "node:zlib";

const PAGES = ["/data", "/data/tequila", "/data/whiskey", "/api/data/tequila"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Each page's median time served and rendered afresh (ms), and its size gzipped (KB). */
async function pageTimings(db: Kysely<DB>, env: Record<string, string>) {
  const server = await startServer({ ...env, SEED_DEMO: "false", UNCACHED_RATE_PER_MINUTE: "1000000" });
  try {
    const out = [];
    for (const page of PAGES) {
      const timed = async () => {
        const started = performance.now();
        const res = await fetch(`${server.url}${page}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
        return { ms: performance.now() - started, body };
      };
      const fresh: number[] = [];
      for (let i = 0; i < 15; i++) {
        // What an import does to the content version: every page is rendered afresh after it.
        await sql`update data_imports set file_name = file_name`.execute(db);
        fresh.push((await timed()).ms);
      }
      const served: number[] = [];
      let body = Buffer.alloc(0);
      for (let i = 0; i < 50; i++) {
        const r = await timed();
        served.push(r.ms);
        body = r.body;
      }
      out.push({
        page,
        servedMedianMs: +median(served).toFixed(1),
        renderedMedianMs: +median(fresh).toFixed(1),
        gzipKb: +(gzipSync(body).length / 1024).toFixed(1),
      });
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function tenth(): Promise<Buffer> {
  const lines: string[] = [];
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(IOWA_FILE).pipe(createGunzip()) }))
    if (n++ % 10 === 0) lines.push(line);
  return Buffer.from(lines.join("\n"));
}

if (process.argv[2] === "child") {
  const engine = process.argv[3] as Engine;
  const part = process.argv[4] === "tenth";
  const testDb = await freshDatabase(engine);
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    await migrateToLatest(database.db);
    const input = part ? Readable.from([await tenth()]) : createReadStream(IOWA_FILE);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const result = await importIowaFile(database.db, input, "liquor_sales.csv.gz");
    const ms = performance.now() - started;
    clearInterval(sampler);
    // A run that never yields to the timer (a small file read in one chunk) is measured at its end.
    peak = Math.max(peak, process.memoryUsage().rss);
    const pages = part ? [] : await pageTimings(database.db, testDb.env);
    console.log(
      JSON.stringify({
        engine,
        file: part ? "a tenth" : "whole",
        seconds: +(ms / 1000).toFixed(1),
        rows: result.rowsRead,
        peakRssMb: Math.round(peak / 1e6),
        pages,
      }),
    );
  } finally {
    await database.close();
    await testDb.drop();
  }
} else {
  const rows = [];
  const pages = [];
  for (const engine of ENGINES)
    for (const part of ["whole", "tenth"]) {
      const out = execFileSync(process.execPath, [import.meta.filename, "child", engine, part], { encoding: "utf8" });
      const { pages: timed, ...row } = JSON.parse(out.trim().split("\n").at(-1)!);
      rows.push(row);
      for (const p of timed) pages.push({ engine, ...p });
    }
  console.table(rows);
  console.table(pages);
}
