import { wholeWord } from "#common/search/whole-word.ts";
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresAdapter, PostgresDialect, sql, type Compilable, type CompiledQuery } from "kysely";
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
  /** Runs a write in a transaction of its own and holds it open (see HeldWrite). When it changes no row, it is rolled back at once. */
  holdWrite(query: Compilable): Promise<HeldWrite>;
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

/**
 * A write in an open transaction whose COMMIT the caller sends at a moment of
 * its choosing, inside one synchronous step with something outside the
 * database (the newsletter's final dot). Kysely's own commit reaches the driver
 * only after several awaits, and whatever else is queued runs in between.
 */
export interface HeldWrite {
  /** Rows the write changed. When none, the transaction is already rolled back. */
  affected: number;
  /**
   * Sends COMMIT before it returns (PostgreSQL: written to the server's socket;
   * SQLite: written to the WAL); the promise settles with the outcome.
   */
  commitNow(): Promise<void>;
  rollback(): Promise<void>;
}

function heldWrites(hold: (query: CompiledQuery) => Promise<HeldWrite>): Database["holdWrite"] {
  return async (query) => {
    const held = await hold(query.compile());
    if (held.affected === 0) await held.rollback();
    return held;
  };
}

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "proofline.sqlite");
  let opened: ReturnType<typeof openNodeSqlite> | undefined;
  const dialect = new NodeSqliteDialect({
    database: async () => {
      opened = openNodeSqlite(file);
      const native = opened.native;
      // busy_timeout first: switching to WAL itself needs the lock another process may hold.
      native.exec("PRAGMA busy_timeout = 10000");
      native.exec("PRAGMA journal_mode = WAL");
      native.exec("PRAGMA synchronous = FULL");
      native.exec("PRAGMA foreign_keys = ON");
      // An acknowledged comment must survive a crash: refuse to run without WAL and a full sync
      // (a file system that cannot do WAL, or a read-only copy, would silently weaken that).
      const journal = String(native.prepare("PRAGMA journal_mode").get()?.journal_mode);
      const synchronous = Number(native.prepare("PRAGMA synchronous").get()?.synchronous);
      if (journal !== "wal" || synchronous !== 2)
        throw new Error(
          `SQLite must run in WAL mode with synchronous=FULL (got journal_mode=${journal}, synchronous=${synchronous})`,
        );
      // SQLite's LIKE folds only ASCII; searches fold both sides with this instead.
      native.function("unicode_lower", { deterministic: true }, (v) => (typeof v === "string" ? v.toLowerCase() : v));
      // SQLite has no regular expressions: site search ranks whole-word matches first with this.
      native.function("contains_word", { deterministic: true }, (text, needle) =>
        typeof text === "string" && typeof needle === "string" && wholeWord(needle).test(text) ? 1 : 0,
      );
      return opened.database;
    },
  });
  const db = new Kysely<DB>({ dialect });
  const holdWrite = heldWrites(async (query) => {
    // Kysely has one SQLite connection: holding it keeps every other query out of this transaction.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const connection = db.connection().execute(async () => {
      held();
      await released;
    });
    await Promise.race([holding, connection]);
    const { native, database } = opened!;
    const finish = (statement: string) => {
      try {
        native.exec(statement);
        return Promise.resolve();
      } catch (err) {
        if (native.isTransaction) native.exec("rollback");
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      } finally {
        release();
      }
    };
    try {
      native.exec("begin immediate");
      const affected = Number(database.prepare(query.sql).run(query.parameters).changes ?? 0);
      return { affected, commitNow: () => finish("commit"), rollback: () => finish("rollback") };
    } catch (err) {
      if (native.isTransaction) native.exec("rollback");
      release();
      throw err;
    }
  });
  return {
    db,
    engine: "sqlite",
    location: file,
    holdWrite,
    async ping() {
      await sql`select 1`.execute(db);
      if (!opened?.native.isOpen) throw new Error("database is closed");
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
  const holdWrite = heldWrites(async (query) => {
    const client = await pool.connect();
    let done = false;
    const release = (err?: Error) => {
      if (done) return;
      done = true;
      client.release(err);
    };
    // node-postgres writes a query to the socket in the call itself when the client is idle, as it is here.
    const finish = (statement: string) =>
      client.query(statement).then(
        () => release(),
        (err: unknown) => {
          const error = err instanceof Error ? err : new Error(String(err));
          release(error);
          throw error;
        },
      );
    try {
      await client.query("begin");
      const result = await client.query(query.sql, [...query.parameters]);
      return { affected: result.rowCount ?? 0, commitNow: () => finish("commit"), rollback: () => finish("rollback") };
    } catch (err) {
      // A failed statement leaves the transaction aborted: the connection is not worth reusing.
      release(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
  });
  const parsed = new URL(url);
  return {
    db,
    engine: "postgres",
    holdWrite,
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
