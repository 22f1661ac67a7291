import type { CompiledQuery, Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** The number the content triggers bump with every committed change to what pages show. */
export async function readContentVersion(db: Kysely<DB>): Promise<number> {
  // Read for every page request: compiled once per database rather than built each time.
  let query = compiled.get(db);
  if (!query)
    compiled.set(db, (query = db.selectFrom("content_version").select("version").where("id", "=", 1).compile()));
  const { rows } = await db.executeQuery(query);
  if (!rows[0]) throw new Error("content_version has no row");
  return Number(rows[0].version);
}

const compiled = new WeakMap<Kysely<DB>, CompiledQuery<{ version: number }>>();

/**
 * Reads the content version for many concurrent callers with few queries, and
 * never answers a caller from a read that began before it asked. A caller joins
 * the next read while that read has not begun; the next read begins once the
 * running one (if any) has ended, and not before the event loop has taken in
 * every request that arrived with it (setImmediate runs after the poll phase),
 * so a crowd arriving together costs one query. So a page asked for after a
 * comment was acknowledged (by this instance or another) is never answered from
 * a version older than that comment.
 */
export class ContentVersionReader {
  private running: Promise<number> | undefined;
  private next: Promise<number> | undefined;

  private readonly read: () => Promise<number>;

  constructor(read: () => Promise<number>) {
    this.read = read;
  }

  current(): Promise<number> {
    if (this.next) return this.next;
    const after = this.running ? this.running.then(noop, noop) : Promise.resolve();
    const next = after.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => this.begin());
    this.next = next;
    return next;
  }

  private begin(): Promise<number> {
    this.next = undefined;
    const read = this.read();
    this.running = read;
    const done = () => {
      if (this.running === read) this.running = undefined;
    };
    read.then(done, done);
    return read;
  }
}

const noop = () => {};
