import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { digestOf, newSecret } from "./link-secret.ts";
import { skipClaimed, takeNext } from "./send-queue.server.ts";

/** How long a confirmation link works, from the moment its mail is sent. */
export const CONFIRM_HOURS = 48;

/**
 * Queues the confirmation mail a subscriber is due, or renews it when they ask
 * again (a new mail, tried afresh). Run in the transaction that records the request.
 */
export async function queueConfirmation(db: Kysely<DB>, subscriberId: number, now: Date): Promise<void> {
  const due = {
    status: "queued" as const,
    attempts: 0,
    next_attempt_at: now.toISOString(),
    owner: null,
    lease_until: null,
    sent_at: null,
    last_error: null,
  };
  await db
    .insertInto("newsletter_confirmations")
    .values({ subscriber_id: subscriberId, ...due })
    .onConflict((oc) => oc.column("subscriber_id").doUpdateSet(due))
    .execute();
}

export interface ClaimedConfirmation {
  id: number;
  subscriberId: number;
  email: string;
  /** The link's one-time secret, made now: only its digest is stored. */
  token: string;
  attempts: number;
  /** What the address asked for: the mail and the page say what a click confirms. */
  asked: ConfirmationAsked;
}

/** What a confirmation confirms: the recap, the digest of followed items (issue 42), or both. */
export type ConfirmationAsked = "recap" | "follows" | "both";

export const confirmationAsked = (row: { status: string; digest: string }): ConfirmationAsked =>
  row.status === "pending" ? (row.digest === "pending" ? "both" : "recap") : "follows";

/**
 * Takes the next confirmation mail due and makes the secret for its link,
 * replacing any earlier one: a mail sent again after a failure or a crash
 * carries a new link, and only the newest works. Rows whose address no longer
 * waits for the recap or the digest (confirmed meanwhile, deleted, expired) are skipped.
 */
export async function claimConfirmation(
  db: Kysely<DB>,
  owner: string,
  leaseMs: number,
  now = new Date(),
): Promise<ClaimedConfirmation | undefined> {
  // Taking the row and arming its address are separate statements, never one transaction: a request
  // for the address (subscribe, follow, erase) locks the address before its confirmation row, so a
  // claim that held the row while it waited for the address would deadlock with it on PostgreSQL.
  // A crash between the two leaves the row to its lease, like a crash before the mail is sent.
  for (;;) {
    const c = await takeNext(db, "newsletter_confirmations", owner, leaseMs, now);
    if (!c) return undefined;
    const token = newSecret();
    const armed = await db
      .updateTable("newsletter_subscribers")
      .set({
        confirm_token: digestOf(token),
        confirm_expires_at: new Date(now.getTime() + CONFIRM_HOURS * 3_600_000).toISOString(),
      })
      .where("id", "=", c.subscriberId)
      .where((eb) => eb.or([eb("status", "=", "pending"), eb("digest", "=", "pending")]))
      .returning(["email", "status", "digest"])
      .executeTakeFirst();
    if (armed)
      return {
        id: c.id,
        subscriberId: c.subscriberId,
        email: armed.email,
        token,
        attempts: c.attempts,
        asked: confirmationAsked(armed),
      };
    await skipClaimed(db, "newsletter_confirmations", c.id, "no longer pending");
  }
}
