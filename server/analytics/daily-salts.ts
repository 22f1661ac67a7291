import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** A short keyed hash of what tells one client from another; without the salt it leads back to nobody. */
export const saltedHash = (salt: string, ...parts: string[]) =>
  createHmac("sha256", salt).update(parts.join("\n")).digest("base64url").slice(0, 22);

/**
 * One random salt per UTC day, shared by every instance through the database
 * (the first to need a day's salt makes it; the others read it), as Plausible
 * does. A salt is deleted two days after its day, and with it any way to tell
 * whose hash is whose.
 */
export class DailySalts {
  readonly #cache = new Map<string, string>();
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async of(day: string): Promise<string> {
    const known = this.#cache.get(day);
    if (known) return known;
    await this.db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(24).toString("base64url") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const { salt } = await this.db
      .selectFrom("analytics_salts")
      .select("salt")
      .where("day", "=", day)
      .executeTakeFirstOrThrow();
    if (this.#cache.size > 4) this.#cache.clear();
    this.#cache.set(day, salt);
    return salt;
  }

  /** Forgets the salts of days before `keepFrom`. */
  async forgetBefore(keepFrom: string): Promise<void> {
    for (const day of this.#cache.keys()) if (day < keepFrom) this.#cache.delete(day);
    await this.db.deleteFrom("analytics_salts").where("day", "<", keepFrom).execute();
  }
}
