import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { getStaff, type StaffMember } from "./staff.server.ts";

/** A desk session lasts a working fortnight; signing in again starts a new one. */
export const SESSION_DAYS = 14;
export const SESSION_COOKIE = "proofline_desk";

const secret = () => randomBytes(32).toString("base64url");
export const digestOf = (value: string) => createHash("sha256").update(value).digest("hex");

export interface DeskSession {
  id: string;
  csrf: string;
  user: StaffMember;
}

/** Starts a session: the returned secret goes in the cookie, only its digest in the database. */
export async function startSession(db: Kysely<DB>, userId: number): Promise<{ token: string; expires: Date }> {
  const token = secret();
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db
    .insertInto("staff_sessions")
    .values({
      id: digestOf(token),
      user_id: userId,
      csrf: secret(),
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute();
  // Expired sessions go as new ones come: the table holds only live ones, without a sweeper.
  await db.deleteFrom("staff_sessions").where("expires_at", "<", now.toISOString()).execute();
  return { token, expires };
}

/** The live session a cookie's secret names, with its member; undefined when none. */
export async function readSession(db: Kysely<DB>, token: string | undefined): Promise<DeskSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom("staff_sessions")
    .select(["id", "csrf", "user_id", "expires_at"])
    .where("id", "=", digestOf(token))
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
  const user = await getStaff(db, row.user_id);
  return user?.active ? { id: row.id, csrf: row.csrf, user } : undefined;
}

export async function endSession(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id", "=", id).execute();
}

/** Sign-out everywhere: every session of the member, on every device and instance. */
export async function endAllSessions(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom("staff_sessions").where("user_id", "=", userId).execute();
}

/** How many sessions a member has open (the account page shows it). */
export async function sessionCount(db: Kysely<DB>, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom("staff_sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirstOrThrow();
  return Number(n);
}
