import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB, DigestStatus, SubscriberStatus } from "../db/schema.ts";
import { confirmationAsked, queueConfirmation, type ConfirmationAsked } from "./confirmations.ts";
import { digestOf, newSecret } from "./link-secret.ts";

/** An address never confirmed is forgotten this long after it was given. */
export const PENDING_DAYS = 7;

import { SUBSCRIBE_SOURCES, type SubscribeSource } from "#common/newsletter/subscribe-sources.ts";

export { SUBSCRIBE_SOURCES, type SubscribeSource };

/** An address as the form and the API take it: trimmed, lower-cased, and shaped like an address. */
export const emailAddress = z
  .string({ message: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address, like name@company.com." }));

export type SubscribeOutcome =
  /** A confirmation mail is queued for this subscriber. */
  | { kind: "queued"; subscriberId: number }
  /** Already confirmed: nothing to send (the page says the same as for a new address). */
  | { kind: "already" };

/**
 * Records an address that asked for the recap, pending until its owner uses the
 * link mailed to it, and queues that mail (in one transaction, so a request is
 * never recorded without its mail). Asking again queues a new mail (and takes
 * an unsubscribed or bounced address back to pending: only a click on the new
 * link makes it receive anything). The consent kept is the source and the time
 * of the click. The link's secret is made when the mail is sent
 * (confirmations.ts).
 */
export async function requestSubscription(
  db: Kysely<DB>,
  email: string,
  source: SubscribeSource,
  now = new Date(),
): Promise<SubscribeOutcome> {
  const fields = { status: "pending" as SubscriberStatus, source, requested_at: now.toISOString() };
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("newsletter_subscribers")
      .select(["id", "status"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (existing?.status === "confirmed") return { kind: "already" } as const;
    let subscriberId: number;
    if (existing) {
      await trx.updateTable("newsletter_subscribers").set(fields).where("id", "=", existing.id).execute();
      subscriberId = existing.id;
    } else {
      const row = await trx
        .insertInto("newsletter_subscribers")
        .values({ email, unsubscribe_key: newSecret(), ...fields })
        // Two requests for one new address at once: one inserts, the other renews it.
        .onConflict((oc) => oc.column("email").doUpdateSet(fields))
        .returning("id")
        .executeTakeFirstOrThrow();
      subscriberId = row.id;
    }
    await queueConfirmation(trx, subscriberId, now);
    return { kind: "queued", subscriberId } as const;
  });
}

/** Uses a confirmation link: true when it was valid (the address is now confirmed); a link works once. */
export type ConfirmOutcome = "confirmed" | "already" | "expired";

/**
 * Confirms the address a link's token was mailed to, once, within its time.
 * The used token's digest is kept (with no expiry), so the same link clicked
 * again tells its confirmed owner "already subscribed" rather than "expired";
 * unsubscribing forgets it.
 */
export async function confirmSubscription(db: Kysely<DB>, token: string, now = new Date()): Promise<ConfirmOutcome> {
  const digest = digestOf(token);
  // One click confirms what the address asked for: the recap (status pending), the digest of its
  // follows (digest pending), or both; the other is left as it was (issue 42). A bounced address that
  // clicks is reachable again, but only gets what it asked for this time.
  const result = await db
    .updateTable("newsletter_subscribers")
    .set({
      status: sql<SubscriberStatus>`case when status = 'pending' then 'confirmed' when status = 'bounced' then 'none' else status end`,
      digest: sql<DigestStatus>`case when digest = 'pending' then 'on' else digest end`,
      confirmed_at: now.toISOString(),
      confirm_expires_at: null,
      unsubscribed_at: sql<string | null>`case when status = 'pending' then null else unsubscribed_at end`,
      bounced_at: null,
      bounce_reason: null,
    })
    .where("confirm_token", "=", digest)
    .where("confirm_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "confirmed";
  const used = await db
    .selectFrom("newsletter_subscribers")
    .select(["status", "digest"])
    .where("confirm_token", "=", digest)
    .where("confirm_expires_at", "is", null)
    .executeTakeFirst();
  return used && (used.status === "confirmed" || used.digest === "on") ? "already" : "expired";
}

/**
 * What a confirmation link would do, without doing it: its page is opened by
 * link scanners and mail previews too, so only the page's button (a POST)
 * confirms. "pending": the link works; "already": it was used by its confirmed
 * owner; "expired": unknown, used by an address since unsubscribed, or too old.
 */
export async function confirmationState(
  db: Kysely<DB>,
  token: string,
  now = new Date(),
): Promise<"pending" | Exclude<ConfirmOutcome, "confirmed">> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["status", "digest", "confirm_expires_at"])
    .where("confirm_token", "=", digestOf(token))
    .executeTakeFirst();
  if (!row) return "expired";
  if (row.confirm_expires_at === null) return row.status === "confirmed" || row.digest === "on" ? "already" : "expired";
  return row.confirm_expires_at > now.toISOString() ? "pending" : "expired";
}

/** What a confirmation link's address asked for (the page's words follow it); "recap" for an unknown link. */
export async function confirmationPurpose(db: Kysely<DB>, token: string): Promise<ConfirmationAsked> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["status", "digest", "confirm_expires_at"])
    .where("confirm_token", "=", digestOf(token))
    .executeTakeFirst();
  if (!row) return "recap";
  // A used link: the address is no longer pending, so its words come from what it receives now.
  if (row.confirm_expires_at === null) return row.status === "confirmed" ? "recap" : "follows";
  return confirmationAsked(row);
}

/** Whether an unsubscribe key's address gets the recap now (its page offers the button), left already, or is unknown. */
export async function subscriptionState(
  db: Kysely<DB>,
  key: string,
): Promise<"subscribed" | "unsubscribed" | "unknown"> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select("status")
    .where("unsubscribe_key", "=", key)
    .executeTakeFirst();
  if (!row) return "unknown";
  return row.status === "unsubscribed" ? "unsubscribed" : "subscribed";
}

/**
 * Unsubscribes the address an unsubscribe key belongs to, at once: the sender
 * checks the status before every message. Undefined for a key nobody holds
 * (a deleted subscriber's old mail); true when it was subscribed until now.
 */
export async function unsubscribe(db: Kysely<DB>, key: string, now = new Date()): Promise<boolean | undefined> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "status"])
    .where("unsubscribe_key", "=", key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.status === "unsubscribed") return false;
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now.toISOString(), confirm_token: null, confirm_expires_at: null })
    .where("id", "=", row.id)
    .execute();
  return row.status === "confirmed";
}

/**
 * "Subscribe again" from the page an unsubscribe link opened: the key proves
 * the address was confirmed by its owner before, so no new confirmation is asked.
 */
export async function resubscribe(db: Kysely<DB>, key: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", confirmed_at: now.toISOString(), unsubscribed_at: null })
    .where("unsubscribe_key", "=", key)
    .where("status", "=", "unsubscribed")
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A permanent refusal (5xx) from the SMTP server: the address gets nothing more. */
export async function markBounced(
  db: Kysely<DB>,
  subscriberId: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "bounced", bounced_at: now.toISOString(), bounce_reason: reason.slice(0, 300) })
    .where("id", "=", subscriberId)
    .execute();
}

/** Forgets addresses never confirmed once their time is up; returns how many. */
export async function expirePending(db: Kysely<DB>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PENDING_DAYS * 86_400_000).toISOString();
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom("newsletter_subscribers")
      .where("status", "in", ["pending", "none"])
      .where("confirmed_at", "is", null)
      .where("requested_at", "<", before)
      .returning("id")
      .execute();
    if (rows.length) {
      const ids = rows.map((r) => r.id);
      await trx.deleteFrom("newsletter_confirmations").where("subscriber_id", "in", ids).execute();
      await trx.deleteFrom("reader_follows").where("subscriber_id", "in", ids).execute();
    }
    return rows.length;
  });
}

/** Everything kept about one address (a privacy request): undefined when it is not known. */
export async function exportSubscriber(db: Kysely<DB>, email: string) {
  const s = await db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  if (!s) return undefined;
  const deliveries = await db
    .selectFrom("newsletter_deliveries as d")
    .innerJoin("newsletter_sends as n", "n.id", "d.send_id")
    .select(["n.recap_id", "d.status", "d.attempts", "d.sent_at", "d.last_error"])
    .where("d.subscriber_id", "=", s.id)
    .orderBy("d.id")
    .execute();
  // Only with NEWSLETTER_TRACKING: the first open and click of each send.
  const engagement = await db
    .selectFrom("newsletter_engagement as e")
    .innerJoin("newsletter_sends as n", "n.id", "e.send_id")
    .select(["n.recap_id", "e.kind", "e.at"])
    .where("e.subscriber_id", "=", s.id)
    .orderBy("e.at")
    .execute();
  const follows = await db
    .selectFrom("reader_follows")
    .select(["kind", "item", "created_at"])
    .where("subscriber_id", "=", s.id)
    .orderBy("id")
    .execute();
  const digests = await db
    .selectFrom("digest_deliveries as d")
    .innerJoin("digest_runs as r", "r.id", "d.run_id")
    .select(["r.period_key", "d.status", "d.attempts", "d.sent_at", "d.last_error"])
    .where("d.subscriber_id", "=", s.id)
    .orderBy("d.id")
    .execute();
  return {
    email: s.email,
    status: s.status,
    digest: s.digest,
    digest_cadence: s.digest_cadence,
    follows,
    digests,
    source: s.source,
    requested_at: s.requested_at,
    confirmed_at: s.confirmed_at,
    unsubscribed_at: s.unsubscribed_at,
    bounced_at: s.bounced_at,
    bounce_reason: s.bounce_reason,
    deliveries,
    engagement,
  };
}

/** Deletes an address and every trace of mail to it; false when it was not known. */
export async function deleteSubscriber(db: Kysely<DB>, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const s = await trx.selectFrom("newsletter_subscribers").select("id").where("email", "=", email).executeTakeFirst();
    if (!s) return false;
    await trx.deleteFrom("newsletter_deliveries").where("subscriber_id", "=", s.id).execute();
    await trx.deleteFrom("newsletter_engagement").where("subscriber_id", "=", s.id).execute();
    await trx.deleteFrom("newsletter_confirmations").where("subscriber_id", "=", s.id).execute();
    await trx.deleteFrom("reader_follows").where("subscriber_id", "=", s.id).execute();
    await trx.deleteFrom("digest_deliveries").where("subscriber_id", "=", s.id).execute();
    await trx.deleteFrom("newsletter_subscribers").where("id", "=", s.id).execute();
    return true;
  });
}

/** Counts by status, for the desk and the CLI. */
export async function subscriberCounts(db: Kysely<DB>): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .selectFrom("newsletter_subscribers")
    .select(["status", db.fn.countAll<string>().as("n")])
    .groupBy("status")
    .execute();
  const out: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0, none: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}
