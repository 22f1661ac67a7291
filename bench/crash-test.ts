// npm run crash-test [rounds]: does every comment the server acknowledged survive a crash?
// Each round starts the built server, lets 16 writers post comments (each with its own
// client-made marker in the text, recorded only after a 201), kills the server with
// SIGKILL at a random moment, restarts it, and counts. SQLite also gets PRAGMA
// integrity_check. With TEST_DATABASE_URL it runs again on PostgreSQL, where some rounds
// also stop PostgreSQL itself in immediate mode (a crash, no checkpoint) when the script
// may do so (pg_ctlcluster available).
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { sql } from "kysely";
import { openDatabase } from "#server/db/client.ts";
import { freshDatabase, type TestDatabase } from "../tests/support/databases.ts";
import { startServer } from "../tests/support/server.ts";

const rounds = Number(process.argv[2] ?? 50);
const WRITERS = 16;

/** The local cluster's version when this machine runs PostgreSQL under pg_ctlcluster (Debian), which we may stop and start. */
function pgCluster(): string | undefined {
  const local = /@(?:127\.0\.0\.1|localhost)[:/]/.test(process.env.TEST_DATABASE_URL ?? "");
  if (!local || !fs.existsSync("/usr/bin/pg_ctlcluster") || !fs.existsSync("/etc/postgresql")) return undefined;
  return fs.readdirSync("/etc/postgresql").sort().at(-1);
}

async function crashRounds(engine: "sqlite" | "postgres") {
  const db: TestDatabase = await freshDatabase(engine);
  const env = { ...db.env, COMMENT_RATE_PER_MINUTE: "1000000", COMMENT_RATE_PER_DAY: "1000000" };
  const acknowledged: string[] = [];
  const cluster = engine === "postgres" ? pgCluster() : undefined;
  let pgCrashes = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const server = await startServer(env);
      let stop = false;
      const writer = async () => {
        while (!stop) {
          const marker = `crash-${randomUUID()}`;
          try {
            const res = await fetch(`${server.url}/api/recaps/1/comments`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ author_name: "Crash test", comment_text: marker }),
            });
            if (res.status === 201) acknowledged.push(marker);
            else await res.arrayBuffer();
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 700));
      server.process.kill("SIGKILL");
      // Some PostgreSQL rounds crash the database too.
      if (cluster && round % 5 === 4) {
        execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster, "main", "stop", "-m", "immediate"], {
          stdio: "ignore",
        });
        execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster, "main", "start"], { stdio: "ignore" });
        pgCrashes++;
      }
      stop = true;
      await Promise.all(writers);
      const child = server.process;
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
    }
    // A last clean start proves the database opens after all that, then count.
    const server = await startServer(env);
    await server.stop();
    const database = openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    try {
      const stored = new Set(
        (
          await database.db
            .selectFrom("recap_comments")
            .select("comment_text")
            .where("comment_text", "like", "crash-%")
            .execute()
        ).map((r) => r.comment_text),
      );
      const missing = acknowledged.filter((m) => !stored.has(m)).length;
      const integrity =
        engine === "sqlite"
          ? String(Object.values((await sql`pragma integrity_check`.execute(database.db)).rows[0] as object)[0])
          : "n/a";
      return {
        engine,
        rounds,
        writers: WRITERS,
        acknowledged: acknowledged.length,
        stored: stored.size,
        missing,
        integrity_check: integrity,
        "postgres crashes": pgCrashes,
      };
    } finally {
      await database.close();
    }
  } finally {
    await db.drop();
  }
}

const results = [await crashRounds("sqlite")];
if (process.env.TEST_DATABASE_URL) results.push(await crashRounds("postgres"));
console.table(results);
if (results.some((r) => r.missing > 0 || (r.engine === "sqlite" && r.integrity_check !== "ok"))) process.exit(1);
