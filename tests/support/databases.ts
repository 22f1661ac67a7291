import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type Engine = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  engine: Engine;
  dataDir: string;
  /** Set for PostgreSQL: a database made for this test alone. */
  databaseUrl: string | undefined;
  /** Environment for a server process using this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A new, empty database (and data folder) of the given engine; `drop()` removes both. */
export async function freshDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "proofline-test-"));
  if (engine === "sqlite") {
    return {
      engine,
      dataDir,
      databaseUrl: undefined,
      env: { DATA_DIR: dataDir },
      drop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `proofline_t_${randomBytes(6).toString("hex")}`;
  await adminQuery(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function adminQuery(url: URL, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
