import { sql, type Kysely, type SqlBool } from "kysely";
import { engineOf, type Database, type HeldWrite } from "../db/client.ts";
import type { DB, DeliveryStatus } from "../db/schema.ts";
import type { SendProgress } from "#common/desk/desk-types.ts";

export type { SendProgress };

/** Temporary failures are tried this many times in all before a delivery is given up. */
export const MAX_ATTEMPTS = 5;

export type QueueOutcome = { queued: true; sendId: number } | { queued: false; reason: "already" | "no-recap" };

/**
 * Puts a recap in the queue for every confirmed subscriber, once per recap ever
 * (unique recap_id): publishing it twice, a second click or `hub newsletter send`
 * after the automatic send all find it queued already. Run inside the publishing
 * transaction, it is queued exactly when the recap is published.
 */
export async function queueRecap(db: Kysely<DB>, recapId: number, by: string, now = new Date()): Promise<QueueOutcome> {
  const recap = await db.selectFrom("weekly_summaries").select("id").where("id", "=", recapId).executeTakeFirst();
  if (!recap) return { queued: false, reason: "no-recap" };
  const row = await db
    .insertInto("newsletter_sends")
    .values({ recap_id: recapId, queued_by: by, queued_at: now.toISOString() })
    .onConflict((oc) => oc.column("recap_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? { queued: true, sendId: row.id } : { queued: false, reason: "already" };
}

/**
 * Turns queued sends into one delivery per subscriber confirmed at this moment,
 * each send once (the conditional update is the claim; the unique pair keeps a
 * subscriber from being added twice even so). Returns how many sends it expanded.
 */
export async function expandSends(db: Kysely<DB>, now = new Date()): Promise<number> {
  const waiting = await db
    .selectFrom("newsletter_sends")
    .select("id")
    .where("expanded_at", "is", null)
    .orderBy("id")
    .limit(10)
    .execute();
  let expanded = 0;
  for (const { id } of waiting) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("newsletter_sends")
        .set({ expanded_at: now.toISOString() })
        .where("id", "=", id)
        .where("expanded_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const inserted = await sql<{ id: number }>`
        insert into newsletter_deliveries (send_id, subscriber_id, status, attempts, next_attempt_at)
        select ${id}, s.id, 'queued', 0, ${now.toISOString()} from newsletter_subscribers s where s.status = 'confirmed'
        on conflict (send_id, subscriber_id) do nothing`.execute(trx);
      await trx
        .updateTable("newsletter_sends")
        .set({ recipients: Number(inserted.numAffectedRows ?? 0) })
        .where("id", "=", id)
        .execute();
      expanded++;
    });
  }
  return expanded;
}

export interface ClaimedDelivery {
  id: number;
  sendId: number;
  recapId: number;
  subscriberId: number;
  email: string;
  unsubscribeKey: string;
  attempts: number;
}

/** The queues of messages: recaps to subscribers, confirmation mails to addresses that asked, digests to followers (issue 42). */
export type QueueTable = "newsletter_deliveries" | "newsletter_confirmations" | "digest_deliveries";

/** The queues whose messages have a commit point (sent at most once): a recap's and a digest's. */
export type CommittedTable = "newsletter_deliveries" | "digest_deliveries";

/**
 * Takes the next row of a queue that is due: one left in `sending` by an
 * instance that died (its lease ran out) first, else the queued one whose time
 * came first. The conditional update is the claim; on PostgreSQL the row is
 * skipped by other instances while this transaction holds it.
 */
export async function takeNext(trx: Kysely<DB>, table: QueueTable, owner: string, leaseMs: number, now: Date) {
  const rows = await claimStatement(trx, table, owner, leaseMs, now).execute(trx);
  const row = rows.rows[0];
  return row && { id: Number(row.id), subscriberId: Number(row.subscriber_id), attempts: Number(row.attempts) };
}

/** takeNext's one statement (its own so that a test can read the engine's plan of it). */
export function claimStatement(db: Kysely<DB>, table: QueueTable, owner: string, leaseMs: number, now: Date) {
  const at = now.toISOString();
  const lock = engineOf(db) === "postgres" ? sql` for update skip locked` : sql``;
  // Two lookups, not one with an OR: each reads the (status, next_attempt_at, id) index in order and
  // stops at its first row, where the OR made both engines gather and sort every queued row for every
  // claim (0.8 ms a message at 5,000 queued on SQLite, 4 ms at 10,000 on PostgreSQL). Rows in
  // `sending` are a few (one per lane per instance), so the expired-lease lookup is short too.
  return sql<{ id: number; subscriber_id: number; attempts: number }>`
    update ${sql.table(table)} set status = 'sending', owner = ${owner}, lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}, attempts = attempts + 1
    where id = coalesce(
      (select d.id from ${sql.table(table)} d where d.status = 'sending' and d.lease_until < ${at}
        order by d.next_attempt_at, d.id limit 1${lock}),
      (select d.id from ${sql.table(table)} d where d.status = 'queued' and d.next_attempt_at <= ${at}
        order by d.next_attempt_at, d.id limit 1${lock})
    ) and (status = 'queued' or (status = 'sending' and lease_until < ${at}))
    returning id, subscriber_id, attempts`;
}

/** Gives up a claimed row whose reader is no longer waiting for it (unsubscribed, confirmed meanwhile, deleted). */
export async function skipClaimed(db: Kysely<DB>, table: QueueTable, id: number, reason: string): Promise<void> {
  await db
    .updateTable(table)
    .set({ status: "skipped", owner: null, lease_until: null, last_error: reason })
    .where("id", "=", id)
    .execute();
}

/**
 * Takes the next message due for this instance: a queued delivery whose time
 * has come, or one left in `sending` by an instance that died (its lease ran
 * out: the SMTP server cannot have accepted it, as its final dot was never
 * sent). Deliveries whose subscriber is no longer confirmed are skipped first,
 * so an unsubscribe counts before the next message.
 */
export async function claimDelivery(
  db: Kysely<DB>,
  owner: string,
  leaseMs: number,
  now = new Date(),
): Promise<ClaimedDelivery | undefined> {
  return db.transaction().execute(async (trx) => {
    for (;;) {
      const d = await takeNext(trx, "newsletter_deliveries", owner, leaseMs, now);
      if (!d) return undefined;
      const info = await trx
        .selectFrom("newsletter_deliveries as d")
        .innerJoin("newsletter_sends as n", "n.id", "d.send_id")
        .innerJoin("newsletter_subscribers as s", "s.id", "d.subscriber_id")
        .select(["d.send_id", "n.recap_id", "s.email", "s.unsubscribe_key", "s.status"])
        .where("d.id", "=", d.id)
        .executeTakeFirst();
      if (info?.status === "confirmed") {
        return {
          id: d.id,
          sendId: info.send_id,
          recapId: info.recap_id,
          subscriberId: d.subscriberId,
          email: info.email,
          unsubscribeKey: info.unsubscribe_key,
          attempts: d.attempts,
        };
      }
      await skipClaimed(trx, "newsletter_deliveries", d.id, "not subscribed");
    }
  });
}

/**
 * The commit point, just before the message's final dot goes to the SMTP
 * server: from there on the message counts as sent, even if this instance dies
 * before the server's answer. The delivery is marked `committing` in a
 * transaction left open (holdWrite); its commitNow sends the COMMIT before
 * returning, and the caller calls it in the same synchronous step as it
 * writes the final dot, just after, so that a crash lands before both or after
 * both (but for the microseconds between two writes), never in a database
 * round trip or a queue of other work between them.
 * Undefined when this instance no longer holds the delivery (its lease ran out
 * and another took it) or the subscriber left meanwhile: then the dot is never
 * sent and the server drops the message.
 */
export async function prepareCommitting(
  { db, holdWrite }: Pick<Database, "db" | "holdWrite">,
  id: number,
  owner: string,
  table: CommittedTable = "newsletter_deliveries",
): Promise<HeldWrite | undefined> {
  // The reader still wants it: the recap's subscriber is confirmed; a digest's reader has it on and does not bounce.
  const wanted =
    table === "newsletter_deliveries"
      ? sql<SqlBool>`exists (select 1 from newsletter_subscribers s where s.id = ${sql.ref(`${table}.subscriber_id`)} and s.status = 'confirmed')`
      : sql<SqlBool>`exists (select 1 from newsletter_subscribers s where s.id = ${sql.ref(`${table}.subscriber_id`)} and s.digest = 'on' and s.status <> 'bounced')`;
  const held = await holdWrite(
    db
      .updateTable(table)
      .set({ status: "committing" })
      .where("id", "=", id)
      .where("owner", "=", owner)
      .where("status", "=", "sending")
      .where(wanted),
  );
  return held.affected === 0 ? undefined : held;
}

/** The commit point taken at once (tests, and the recovery test's dead sender). */
export async function markCommitting(
  database: Pick<Database, "db" | "holdWrite">,
  id: number,
  owner: string,
  table: CommittedTable = "newsletter_deliveries",
): Promise<boolean> {
  const held = await prepareCommitting(database, id, owner, table);
  await held?.commitNow();
  return held !== undefined;
}

/**
 * Keeps a delivery this instance is sending: pushes its lease on while the SMTP
 * call lasts. Only a row still `sending` and still ours is touched (one in its
 * commit point is left alone: its row is locked by the commit point's own
 * transaction, which ends in a moment).
 */
export async function renewLease(
  db: Kysely<DB>,
  id: number,
  owner: string,
  leaseMs: number,
  now = new Date(),
  table: QueueTable = "newsletter_deliveries",
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", id)
    .where("owner", "=", owner)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accepted by the SMTP server; `note` records a message counted as sent without the server's answer. */
export async function markSent(
  db: Kysely<DB>,
  id: number,
  owner: string,
  now = new Date(),
  note: string | null = null,
  table: QueueTable = "newsletter_deliveries",
): Promise<void> {
  await db
    .updateTable(table)
    .set({ status: "sent", sent_at: now.toISOString(), owner: null, lease_until: null, last_error: note })
    .where("id", "=", id)
    .where("owner", "=", owner)
    .execute();
}

/** A temporary failure: back in the queue after a wait that grows fivefold, or given up after MAX_ATTEMPTS. */
export async function markRetry(
  db: Kysely<DB>,
  d: Pick<ClaimedDelivery, "id" | "attempts">,
  owner: string,
  error: string,
  firstWaitMs: number,
  now = new Date(),
  table: QueueTable = "newsletter_deliveries",
): Promise<"retry" | "failed"> {
  const giveUp = d.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable(table)
    .set({
      status: giveUp ? "failed" : "queued",
      next_attempt_at: new Date(now.getTime() + firstWaitMs * 5 ** (d.attempts - 1)).toISOString(),
      owner: null,
      lease_until: null,
      last_error: error.slice(0, 300),
    })
    .where("id", "=", d.id)
    .where("owner", "=", owner)
    .execute();
  return giveUp ? "failed" : "retry";
}

/** A permanent failure (5xx): this delivery is given up. */
export async function markFailed(
  db: Kysely<DB>,
  id: number,
  owner: string,
  error: string,
  table: QueueTable = "newsletter_deliveries",
): Promise<void> {
  await db
    .updateTable(table)
    .set({ status: "failed", owner: null, lease_until: null, last_error: error.slice(0, 300) })
    .where("id", "=", id)
    .where("owner", "=", owner)
    .execute();
}

/**
 * Messages whose holder died after their commit point: the SMTP server had the
 * whole message and its final dot, so they count as sent (never sent again).
 */
export async function settleCommitted(
  db: Kysely<DB>,
  now = new Date(),
  table: CommittedTable = "newsletter_deliveries",
): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({
      status: "sent",
      sent_at: now.toISOString(),
      owner: null,
      lease_until: null,
      last_error: "sender stopped before the server's answer; counted as sent",
    })
    .where("status", "=", "committing")
    .where("lease_until", "<", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A slot in the shared pace: every instance takes the next one in turn from
 * one row, so together they send SMTP_RATE_PER_SECOND messages a second.
 * Returns when (ms since the epoch) this message may start.
 */
export async function reserveSlot(db: Kysely<DB>, intervalMs: number, nowMs = Date.now()): Promise<number> {
  const step = Math.max(1, Math.round(intervalMs));
  const row = await sql<{ next_at: number | string }>`
    update newsletter_pace set next_at = (case when next_at > ${nowMs} then next_at else ${nowMs} end) + ${step}
    where id = 1 returning next_at`.execute(db);
  const next = Number(row.rows[0]?.next_at ?? nowMs + step);
  return next - step;
}

/**
 * A send's (or a digest run's) deliveries by status, a message at its commit point counted as
 * sending, and one set aside (nothing new, stopped meanwhile) as skipped.
 */
export async function deliveryCounts(db: Kysely<DB>, table: CommittedTable, of: number) {
  const rows = await sql<{ status: DeliveryStatus; n: number | string }>`
    select status, count(*) as n from ${sql.table(table)}
    where ${sql.ref(table === "newsletter_deliveries" ? "send_id" : "run_id")} = ${of}
    group by status`.execute(db);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const r of rows.rows) counts[r.status === "committing" ? "sending" : r.status] += Number(r.n);
  return counts;
}

/** Where a recap's send stands; undefined when it was never queued. */
export async function sendProgress(db: Kysely<DB>, recapId: number): Promise<SendProgress | undefined> {
  const send = await db.selectFrom("newsletter_sends").selectAll().where("recap_id", "=", recapId).executeTakeFirst();
  if (!send) return undefined;
  const counts = await deliveryCounts(db, "newsletter_deliveries", send.id);
  const problems = await db
    .selectFrom("newsletter_deliveries")
    .select(["status", "last_error", db.fn.countAll<string>().as("n")])
    .where("send_id", "=", send.id)
    .where("status", "in", ["queued", "failed"])
    .where("last_error", "is not", null)
    .groupBy(["status", "last_error"])
    .orderBy("n", "desc")
    .limit(5)
    .execute();
  return {
    recapId,
    queuedAt: send.queued_at,
    queuedBy: send.queued_by,
    recipients: send.recipients,
    counts,
    problems: problems.map((p) => ({
      reason: p.last_error!,
      status: p.status as "queued" | "failed",
      count: Number(p.n),
    })),
  };
}
