import { sql, type Kysely } from "kysely";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { normalEmail } from "./staff.server.ts";

/**
 * Lockout after failed sign-ins, counted in the database so that every
 * instance agrees: five wrong passwords for one address in fifteen minutes
 * lock that address for fifteen minutes after the last of them (known or not,
 * so the answer says nothing about which addresses have accounts), and thirty
 * from one client address lock the client (someone trying many accounts).
 */
export const SIGNIN_LIMITS = {
  perAccount: 5,
  perClient: 30,
  windowMinutes: 15,
};

const keys = (email: string, client: string) => [`email:${normalEmail(email)}`, `client:${client}`] as const;

/** Seconds until the next try is allowed; 0 when it is allowed now. */
export async function lockedFor(db: Kysely<DB>, email: string, client: string): Promise<number> {
  const since = new Date(Date.now() - SIGNIN_LIMITS.windowMinutes * 60_000).toISOString();
  const [account, clientKey] = keys(email, client);
  const rows = await db
    .selectFrom("signin_failures")
    .select(["key", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("at").as("last")])
    .where("key", "in", [account, clientKey])
    .where("at", ">", since)
    .groupBy("key")
    .execute();
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === account ? SIGNIN_LIMITS.perAccount : SIGNIN_LIMITS.perClient;
    if (Number(row.n) < limit) continue;
    const until = new Date(String(row.last)).getTime() + SIGNIN_LIMITS.windowMinutes * 60_000;
    wait = Math.max(wait, Math.ceil((until - Date.now()) / 1000));
  }
  return wait;
}

/** An attempt taken (and counted as a failure until it proves right), or the wait before the next may be. */
export type Attempt = { allowed: true; ids: number[] } | { allowed: false; waitSeconds: number };

/**
 * Takes one attempt for `email` (an address, or the setup page's key) from
 * `client`, before the password or token is checked: counted as a failure at
 * once, in the same transaction that read the count, so a crowd of guesses sent
 * together cannot all pass a check that each made before any failed (on
 * 3f297b8, 60 at once were all verified). Transactions on the same keys take
 * turns: an advisory lock per key on PostgreSQL, SQLite's single writer.
 * Every instance shares the count, in the database.
 */
export async function takeAttempt(db: Kysely<DB>, email: string, client: string): Promise<Attempt> {
  const at = new Date().toISOString();
  const held = [...keys(email, client)].sort();
  return db.transaction().execute(async (trx) => {
    if (engineOf(trx) === "postgres")
      for (const key of held) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const waitSeconds = await lockedFor(trx, email, client);
    if (waitSeconds > 0) return { allowed: false, waitSeconds };
    const rows = await trx
      .insertInto("signin_failures")
      .values(keys(email, client).map((key) => ({ key, at })))
      .returning("id")
      .execute();
    // Old failures count for nothing: drop them as new ones come.
    await trx
      .deleteFrom("signin_failures")
      .where("at", "<", new Date(Date.now() - SIGNIN_LIMITS.windowMinutes * 60_000).toISOString())
      .execute();
    return { allowed: true, ids: rows.map((r) => r.id) };
  });
}

/** The attempt was right: it does not count, and the account's earlier failures are forgotten (not the client's). */
export async function attemptSucceeded(db: Kysely<DB>, email: string, attempt: { ids: number[] }): Promise<void> {
  await db
    .deleteFrom("signin_failures")
    .where((eb) => eb.or([eb("id", "in", attempt.ids), eb("key", "=", keys(email, "")[0])]))
    .execute();
}
