// What an address follows (issue 42), kept on the newsletter's own address row so one
// confirmation serves the recap and the digest, and each can be stopped without the
// other. See docs/follow.md.
import { sql, type Kysely } from "kysely";
import type { DB, SubscriberStatus } from "../db/schema.ts";
import { queueConfirmation } from "../newsletter/confirmations.ts";
import { newSecret } from "../newsletter/link-secret.ts";
import type { Company } from "../content/companies.server.ts";
import { followItems } from "./follow-items.server.ts";
import type { DigestCadence, FollowKind, FollowSource } from "#common/follows/follow-item.ts";

export type FollowOutcome =
  /** A confirmation mail is due: the follow waits for the owner's click. */
  | { kind: "queued"; subscriberId: number }
  /** The address gets mail from the hub already: the follow counts at once. */
  | { kind: "added"; subscriberId: number };

/**
 * Records a follow for an address, in one transaction with what it needs. An address that
 * receives the recap or the digest now needs no second confirmation: the follow counts at once.
 * Any other (new, pending, unsubscribed from everything, bounced) waits for the owner to use the
 * link in a confirmation mail, queued here when `mayMail` (the address's daily mail limit is not
 * spent); the follow is kept meanwhile and forgotten with the address if the link is never used.
 */
export async function requestFollow(
  db: Kysely<DB>,
  email: string,
  follow: { kind: FollowKind; key: string },
  source: FollowSource,
  { now = new Date(), mayMail = true }: { now?: Date; mayMail?: boolean } = {},
): Promise<FollowOutcome> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("newsletter_subscribers")
      .select(["id", "status", "digest"])
      .where("email", "=", email)
      .executeTakeFirst();
    const active = existing && (existing.status === "confirmed" || existing.digest === "on");
    let subscriberId: number;
    if (existing) {
      subscriberId = existing.id;
      await trx
        .updateTable("newsletter_subscribers")
        .set(active ? { digest: "on" } : { digest: "pending", requested_at: now.toISOString() })
        .where("id", "=", existing.id)
        .execute();
    } else {
      const fields = {
        status: "none" as SubscriberStatus,
        digest: "pending" as const,
        source,
        requested_at: now.toISOString(),
      };
      const row = await trx
        .insertInto("newsletter_subscribers")
        .values({ email, unsubscribe_key: newSecret(), ...fields })
        .onConflict((oc) => oc.column("email").doUpdateSet({ digest: "pending", requested_at: fields.requested_at }))
        .returning("id")
        .executeTakeFirstOrThrow();
      subscriberId = row.id;
    }
    await trx
      .insertInto("reader_follows")
      .values({ subscriber_id: subscriberId, kind: follow.kind, item: follow.key, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(["subscriber_id", "kind", "item"]).doNothing())
      .execute();
    if (active) return { kind: "added", subscriberId } as const;
    if (mayMail) await queueConfirmation(trx, subscriberId, now);
    return { kind: "queued", subscriberId } as const;
  });
}

export interface FollowRow {
  kind: FollowKind;
  item: string;
  created_at: string;
}

/** An address's follows, in the order they were made. */
export async function followsOf(db: Kysely<DB>, subscriberId: number): Promise<FollowRow[]> {
  return db
    .selectFrom("reader_follows")
    .select(["kind", "item", "created_at"])
    .where("subscriber_id", "=", subscriberId)
    .orderBy("id")
    .execute();
}

/** The digest's settings for an address (undefined when it is gone). */
export async function digestSettings(db: Kysely<DB>, subscriberId: number) {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["digest", "digest_cadence", "status"])
    .where("id", "=", subscriberId)
    .executeTakeFirst();
}

export async function removeFollow(db: Kysely<DB>, subscriberId: number, kind: FollowKind, item: string) {
  const r = await db
    .deleteFrom("reader_follows")
    .where("subscriber_id", "=", subscriberId)
    .where("kind", "=", kind)
    .where("item", "=", item)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function removeAllFollows(db: Kysely<DB>, subscriberId: number): Promise<number> {
  const r = await db.deleteFrom("reader_follows").where("subscriber_id", "=", subscriberId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function setCadence(db: Kysely<DB>, subscriberId: number, cadence: DigestCadence): Promise<void> {
  await db
    .updateTable("newsletter_subscribers")
    .set({ digest_cadence: cadence })
    .where("id", "=", subscriberId)
    .execute();
}

/**
 * Stops the digest (its one-click unsubscribe, or the manage page), or starts it again from the
 * manage page (its signed link proves the owner). The recap's own status is left alone.
 * Undefined when the address is gone; otherwise whether anything changed.
 */
export async function setDigest(db: Kysely<DB>, subscriberId: number, on: boolean): Promise<boolean | undefined> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select("digest")
    .where("id", "=", subscriberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const r = await db
    .updateTable("newsletter_subscribers")
    .set({ digest: on ? "on" : "off" })
    .where("id", "=", subscriberId)
    .where("digest", on ? "=" : "in", on ? "off" : ["on", "pending"])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What is followed most by addresses whose digest is on: items and counts, never who. */
export async function mostFollowed(
  db: Kysely<DB>,
  limit = 20,
): Promise<Array<{ kind: FollowKind; item: string; followers: number }>> {
  const rows = await db
    .selectFrom("reader_follows as f")
    .innerJoin("newsletter_subscribers as s", "s.id", "f.subscriber_id")
    .select(["f.kind", "f.item", sql<string>`count(*)`.as("n")])
    .where("s.digest", "=", "on")
    .groupBy(["f.kind", "f.item"])
    .orderBy(sql`count(*)`, "desc")
    .orderBy("f.kind")
    .orderBy("f.item")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ kind: r.kind, item: r.item, followers: Number(r.n) }));
}

/** The desk's view (issue 42): the most followed items, named and linked, with how many readers follow each. */
export async function mostFollowedItems(db: Kysely<DB>, companies: readonly Company[], limit = 20) {
  const rows = await mostFollowed(db, limit);
  const items = await followItems(db, companies, rows);
  return rows.flatMap((row) => {
    const item = items.find((i) => i.kind === row.kind && i.key === row.item);
    return item ? [{ name: item.name, kind: item.kind, url: item.url, followers: row.followers }] : [];
  });
}
