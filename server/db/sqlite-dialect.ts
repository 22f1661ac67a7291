import { DatabaseSync } from "node:sqlite";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";

// Kysely sends the same few parametrised statements over and over: compiling each once
// saves SQLite's parse and plan on every query, and the native churn of a statement each time.
const STATEMENT_CACHE_SIZE = 200;

/** Adapts Node's built-in `node:sqlite` to the statement shape Kysely's own SQLite dialect expects. */
export function openNodeSqlite(file: string): { native: DatabaseSync; database: SqliteDatabase } {
  const native = new DatabaseSync(file);
  const statements = new Map<string, ReturnType<SqliteDatabase["prepare"]>>();
  const database: SqliteDatabase = {
    close: () => native.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Most recently used last, so the first entry is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = native.prepare(sql);
      const params = (p: ReadonlyArray<unknown>) => p as Parameters<typeof statement.all>;
      const prepared = {
        reader: statement.columns().length > 0,
        all: (p: ReadonlyArray<unknown>) => statement.all(...params(p)),
        run: (p: ReadonlyArray<unknown>) => statement.run(...params(p)),
        iterate: (p: ReadonlyArray<unknown>) => statement.iterate(...params(p)),
      };
      statements.set(sql, prepared);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return prepared;
    },
  };
  return { native, database };
}

// A deferred BEGIN that later writes fails at once with SQLITE_BUSY when another
// process wrote in between; BEGIN IMMEDIATE takes the write lock up front, so
// busy_timeout makes concurrent writers (and migrating processes) wait instead.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

// SQLite does support transactional DDL; saying so makes Kysely's migrator run
// every pending migration inside one immediate transaction, which serialises
// several processes migrating the same file at start.
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
