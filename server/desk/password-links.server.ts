import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { digestOf, endAllSessions } from "./sessions.server.ts";
import { setPasswordHash } from "./staff.server.ts";

/** A link to set a password is good for a day and for one use. */
export const LINK_HOURS = 24;

/** Makes a one-time link's secret for a member (replacing any earlier one): the path to print is /admin/password/<secret>. */
export async function passwordLink(db: Kysely<DB>, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_tokens").where("user_id", "=", userId).execute();
    await trx
      .insertInto("staff_tokens")
      .values({
        id: digestOf(token),
        user_id: userId,
        expires_at: new Date(Date.now() + LINK_HOURS * 3_600_000).toISOString(),
      })
      .execute();
  });
  return `/admin/password/${token}`;
}

/** The member a live link is for; undefined when it is unknown, used or expired. */
export async function linkOwner(db: Kysely<DB>, token: string): Promise<number | undefined> {
  if (token.length > 100) return undefined;
  const row = await db
    .selectFrom("staff_tokens")
    .select(["user_id", "expires_at"])
    .where("id", "=", digestOf(token))
    .executeTakeFirst();
  return row && new Date(row.expires_at).getTime() > Date.now() ? row.user_id : undefined;
}

/**
 * Sets the password a link was made for, once: the link is spent in the same
 * transaction, so two submissions of one link set it once. Every session of the
 * member ends (a reset is what you do when someone else may know the old one).
 * False when the link was no longer good.
 */
export async function spendPasswordLink(
  db: Kysely<DB>,
  token: string,
  passwordHash: string,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const userId = await linkOwner(trx, token);
    if (userId === undefined) return undefined;
    const spent = await trx.deleteFrom("staff_tokens").where("id", "=", digestOf(token)).executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) return undefined;
    await setPasswordHash(trx, userId, passwordHash);
    await endAllSessions(trx, userId);
    return userId;
  });
}
