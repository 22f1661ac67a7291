// npm run bench:data: imports the whole real Iowa file (280,736 rows) on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL, each in a child process of its own so its peak RSS is its
// own; prints the time, the rows, and the peak RSS, then the same for a tenth of the file (flat
// memory means the two peaks are close). The /data pages' timings will join this (issue 39).
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
    console.log(
      JSON.stringify({
        engine,
        file: part ? "a tenth" : "whole",
        seconds: +(ms / 1000).toFixed(1),
        rows: result.rowsRead,
        peakRssMb: Math.round(peak / 1e6),
      }),
    );
  } finally {
    await database.close();
    await testDb.drop();
  }
} else {
  const rows = [];
  for (const engine of ENGINES)
    for (const part of ["whole", "tenth"]) {
      const out = execFileSync(process.execPath, [import.meta.filename, "child", engine, part], { encoding: "utf8" });
      rows.push(JSON.parse(out.trim().split("\n").at(-1)!));
    }
  console.table(rows);
}
