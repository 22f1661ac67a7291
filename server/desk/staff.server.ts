import type { Kysely } from "kysely";
import type { DB, StaffRole } from "../db/schema.ts";
import type { StaffMember } from "#common/desk/desk-types.ts";

export type { StaffMember };

export const STAFF_ROLES: readonly StaffRole[] = ["owner", "editor"];

export const normalEmail = (email: string) => email.trim().toLowerCase();

const member = (row: {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
}): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  active: row.password_hash !== null,
});

const COLUMNS = ["id", "email", "name", "role", "password_hash"] as const;

export async function listStaff(db: Kysely<DB>): Promise<StaffMember[]> {
  return (await db.selectFrom("staff_users").select(COLUMNS).orderBy("id").execute()).map(member);
}

export async function staffCount(db: Kysely<DB>): Promise<number> {
  const { n } = await db
    .selectFrom("staff_users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function getStaff(db: Kysely<DB>, id: number): Promise<StaffMember | undefined> {
  const row = await db.selectFrom("staff_users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && member(row);
}

/** The member with this address and their password hash (null when none is set). */
export async function staffForSignIn(
  db: Kysely<DB>,
  email: string,
): Promise<(StaffMember & { passwordHash: string | null }) | undefined> {
  const row = await db
    .selectFrom("staff_users")
    .select(COLUMNS)
    .where("email", "=", normalEmail(email))
    .executeTakeFirst();
  return row && { ...member(row), passwordHash: row.password_hash };
}

export class StaffError extends Error {}

/** Adds a member; a StaffError when the address is taken. */
export async function addStaff(
  db: Kysely<DB>,
  input: { email: string; name: string; role: StaffRole; passwordHash?: string | undefined },
): Promise<StaffMember> {
  const row = await db
    .insertInto("staff_users")
    .values({
      email: normalEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      password_hash: input.passwordHash ?? null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new StaffError(`${normalEmail(input.email)} already has an account`);
  return member(row);
}

export async function setPasswordHash(db: Kysely<DB>, id: number, passwordHash: string): Promise<void> {
  await db.updateTable("staff_users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
}

/** Changes a member's role; the last owner cannot stop being one (someone must be able to manage staff). */
export async function setRole(db: Kysely<DB>, id: number, role: StaffRole): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (role !== "owner") await assertNotLastOwner(trx, id);
    await trx.updateTable("staff_users").set({ role }).where("id", "=", id).execute();
  });
}

/** Removes a member and ends their sessions. */
export async function removeStaff(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertNotLastOwner(trx, id);
    await trx.deleteFrom("staff_sessions").where("user_id", "=", id).execute();
    await trx.deleteFrom("staff_tokens").where("user_id", "=", id).execute();
    await trx.deleteFrom("staff_users").where("id", "=", id).execute();
  });
}

async function assertNotLastOwner(db: Kysely<DB>, id: number): Promise<void> {
  const owners = await db.selectFrom("staff_users").select("id").where("role", "=", "owner").execute();
  if (owners.length === 1 && owners[0]!.id === id)
    throw new StaffError("The desk needs at least one owner: make someone else an owner first");
}
