import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** The number the content triggers bump with every committed change to what pages show. */
export async function readContentVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Reads the content version for many concurrent callers with few queries, and
 * never answers a caller from a read that began before it asked: a caller who
 * arrives while a read is running waits for the next one, which starts when the
 * running one ends and serves everyone who arrived meanwhile. So a page asked
 * for after a comment was acknowledged (by this instance or another) is never
 * answered from a version older than that comment.
 */
export class ContentVersionReader {
  private running: Promise<number> | undefined;
  private next: Promise<number> | undefined;

  private readonly read: () => Promise<number>;

  constructor(read: () => Promise<number>) {
    this.read = read;
  }

  current(): Promise<number> {
    if (!this.running) return this.start();
    this.next ??= this.running.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  private start(): Promise<number> {
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
