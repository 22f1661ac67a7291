import type { Kysely } from "kysely";
import { data } from "react-router";
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

export async function recordFailure(db: Kysely<DB>, email: string, client: string): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("signin_failures")
    .values(keys(email, client).map((key) => ({ key, at })))
    .execute();
  // Old failures count for nothing: drop them as new ones come.
  await db
    .deleteFrom("signin_failures")
    .where("at", "<", new Date(Date.now() - SIGNIN_LIMITS.windowMinutes * 60_000).toISOString())
    .execute();
}

/** A right password clears the account's count (not the client's). */
export async function clearFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom("signin_failures").where("key", "=", keys(email, "")[0]).execute();
}

/** "15 minutes", "1 minute": a wait in whole minutes, rounded up. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * A form's answer while `key` (an address, or the setup page) is locked for
 * this client: 429 with Retry-After and `refusal` plus the wait; undefined when not locked.
 */
export async function lockedOut<E extends Record<string, string>>(db: Kysely<DB>, key: string, client: string, refusal: string, extra: E = {} as E) {
  const wait = await lockedFor(db, key, client);
  const body: { formError: string } & E = { formError: `${refusal} Try again in ${minutesText(wait)}.`, ...extra };
  return wait > 0 ? data(body, { status: 429, headers: { "Retry-After": String(wait) } }) : undefined;
}
