import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "./schema.ts";
import { NodeSqliteDialect, openNodeSqlite } from "./sqlite-dialect.ts";

export type Engine = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database (no password). */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

// node-postgres turns DATE and TIMESTAMP columns into JS Dates in the server's
// local zone; the app works with ISO strings on both engines, so keep them text.
const DATE_OID = 1082;
const TIMESTAMP_OID = 1114;
const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === DATE_OID) return (v: string) => v;
    if (oid === TIMESTAMP_OID || oid === TIMESTAMPTZ_OID) return (v: string) => new Date(v).toISOString();
    // COUNT(*) is int8; our counts are far below 2^53.
    if (oid === INT8_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "proofline.sqlite");
  let native: ReturnType<typeof openNodeSqlite>["native"] | undefined;
  const dialect = new NodeSqliteDialect({
    database: async () => {
      const opened = openNodeSqlite(file);
      native = opened.native;
      // busy_timeout first: switching to WAL itself needs the lock another process may hold.
      native.exec("PRAGMA busy_timeout = 10000");
      native.exec("PRAGMA journal_mode = WAL");
      native.exec("PRAGMA synchronous = FULL");
      native.exec("PRAGMA foreign_keys = ON");
      // An acknowledged comment must survive a crash: refuse to run without WAL and a full sync
      // (a file system that cannot do WAL, or a read-only copy, would silently weaken that).
      const journal = String(native.prepare("PRAGMA journal_mode").get()?.journal_mode);
      const synchronous = Number(native.prepare("PRAGMA synchronous").get()?.synchronous);
      if (journal !== "wal" || synchronous !== 2) throw new Error(`SQLite must run in WAL mode with synchronous=FULL (got journal_mode=${journal}, synchronous=${synchronous})`);
      // SQLite's LIKE folds only ASCII; searches fold both sides with this instead.
      native.function("unicode_lower", { deterministic: true }, (v) => (typeof v === "string" ? v.toLowerCase() : v));
      return opened.database;
    },
  });
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    engine: "sqlite",
    location: file,
    async ping() {
      await sql`select 1`.execute(db);
      if (!native?.isOpen) throw new Error("database is closed");
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  // A client losing its server must not crash the process: idle ones report to the pool, checked-out
  // ones (a transaction between two statements, e.g. the scheduler's) to their own listener; the
  // query that needs the connection reports the failure.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    engine: "postgres",
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
