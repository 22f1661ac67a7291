// The digest's queue (issue 42): runs (a week's digest, or one recap's alerts), each once ever by its
// period key, expanded into one delivery per reader, then claimed and sent by the newsletter's own
// lanes under the same leases, pace and commit point (server/newsletter/sender.ts). See docs/follow.md.
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { deliveryCounts, skipClaimed, takeNext } from "../newsletter/send-queue.server.ts";
import { lastScheduled, type DigestSchedule } from "./digest-schedule.ts";
import type { FollowRow } from "./follows.server.ts";
import { WEEK_MS } from "./digest-preview.ts";
import { NEWS_DAYS } from "../newsletter/auto-send.server.ts";

/** A scheduled digest missed by longer than this (the hub was down) is not sent late by itself. */
export const LATE_LIMIT_MS = 24 * 3_600_000;

export type RunOutcome = { queued: true; runId: number } | { queued: false };

/**
 * Queues the weekly digest covering up to `until`: from where the last weekly run stopped (or a week
 * back for the first), so no new item is left out or sent twice between runs.
 */
export async function queueWeeklyDigest(
  db: Kysely<DB>,
  until: Date,
  by: string,
  now = new Date(),
): Promise<RunOutcome> {
  const last = await db
    .selectFrom("digest_runs")
    .select("until_at")
    .where("kind", "=", "weekly")
    .where("until_at", "<", until.toISOString())
    .orderBy("until_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const floor = new Date(until.getTime() - WEEK_MS);
  const since = last && new Date(String(last.until_at)) > floor ? new Date(String(last.until_at)) : floor;
  const row = await db
    .insertInto("digest_runs")
    .values({
      period_key: `weekly:${until.toISOString()}`,
      kind: "weekly",
      recap_id: null,
      since_at: since.toISOString(),
      until_at: until.toISOString(),
      queued_by: by,
      queued_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("period_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? { queued: true, runId: row.id } : { queued: false };
}

/** The weekly digest when its moment has come (each moment once; one missed by over a day is left). */
export async function queueDueDigest(db: Kysely<DB>, schedule: DigestSchedule, now = new Date()): Promise<RunOutcome> {
  const due = lastScheduled(schedule, now);
  if (now.getTime() - due.getTime() > LATE_LIMIT_MS) return { queued: false };
  return queueWeeklyDigest(db, due, "schedule", now);
}

/** A recap is news for its alerts for this long after it was published, and only if dated within NEWS_DAYS. */
const ALERT_WINDOW_MS = 86_400_000;

/**
 * Queues the alerts of recaps just published, for readers who asked for them at once: each recap
 * once ever (its period key), looked for by the sending lanes rather than in each way of publishing,
 * so no way of publishing can forget it. A recap dated over NEWS_DAYS back (an archive import) is not news.
 */
export async function queueRecapAlerts(db: Kysely<DB>, now = new Date()): Promise<number> {
  const wanted = await db
    .selectFrom("newsletter_subscribers")
    .select("id")
    .where("digest", "=", "on")
    .where("digest_cadence", "=", "immediate")
    .limit(1)
    .executeTakeFirst();
  if (!wanted) return 0;
  const recent = await db
    .selectFrom("weekly_summaries as w")
    .select("w.id")
    .where("w.created_at", ">=", new Date(now.getTime() - ALERT_WINDOW_MS).toISOString())
    .where("w.date", ">=", new Date(now.getTime() - NEWS_DAYS * 86_400_000).toISOString().slice(0, 10))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("digest_runs as r")
            .select("r.id")
            .where("r.kind", "=", "alert")
            .whereRef("r.recap_id", "=", "w.id"),
        ),
      ),
    )
    .execute();
  let queued = 0;
  for (const { id } of recent) {
    const row = await db
      .insertInto("digest_runs")
      .values({
        period_key: `alert:${id}`,
        kind: "alert",
        recap_id: id,
        since_at: now.toISOString(),
        until_at: now.toISOString(),
        queued_by: "publish",
        queued_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("period_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row) queued++;
  }
  return queued;
}

/**
 * Turns queued runs into one delivery per reader whose digest is on and who follows something (a
 * recap's alerts: those who asked for alerts), each run once. Whether a reader's digest has anything
 * new is decided when it is sent: an empty one is skipped, never sent.
 */
export async function expandDigestRuns(db: Kysely<DB>, now = new Date()): Promise<number> {
  const waiting = await db
    .selectFrom("digest_runs")
    .select(["id", "kind"])
    .where("expanded_at", "is", null)
    .orderBy("id")
    .limit(10)
    .execute();
  let expanded = 0;
  for (const { id, kind } of waiting) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("digest_runs")
        .set({ expanded_at: now.toISOString() })
        .where("id", "=", id)
        .where("expanded_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const alerts = kind === "alert" ? sql` and s.digest_cadence = 'immediate'` : sql``;
      const inserted = await sql`
        insert into digest_deliveries (run_id, subscriber_id, status, attempts, next_attempt_at)
        select ${id}, s.id, 'queued', 0, ${now.toISOString()} from newsletter_subscribers s
        where s.digest = 'on' and s.status <> 'bounced'${alerts}
          and exists (select 1 from reader_follows f where f.subscriber_id = s.id)
        on conflict (run_id, subscriber_id) do nothing`.execute(trx);
      await trx
        .updateTable("digest_runs")
        .set({ recipients: Number(inserted.numAffectedRows ?? 0) })
        .where("id", "=", id)
        .execute();
      expanded++;
    });
  }
  return expanded;
}

export interface ClaimedDigest {
  id: number;
  runId: number;
  kind: "weekly" | "alert";
  recapId: number | null;
  since: string;
  until: string;
  subscriberId: number;
  email: string;
  unsubscribeKey: string;
  cadence: "weekly" | "immediate";
  attempts: number;
  /** What the reader follows, in the order followed. */
  follows: FollowRow[];
}

/** Takes the next digest due (as claimDelivery does for recaps); a reader who stopped it meanwhile is skipped. */
export async function claimDigestDelivery(
  db: Kysely<DB>,
  owner: string,
  leaseMs: number,
  now = new Date(),
): Promise<ClaimedDigest | undefined> {
  return db.transaction().execute(async (trx) => {
    for (;;) {
      const d = await takeNext(trx, "digest_deliveries", owner, leaseMs, now);
      if (!d) return undefined;
      // The reader's follows come with the claim, one row each (or one row with none): a digest's
      // material in the claim's one statement, as the recap's mail has its own.
      const rows = await trx
        .selectFrom("digest_deliveries as d")
        .innerJoin("digest_runs as r", "r.id", "d.run_id")
        .innerJoin("newsletter_subscribers as s", "s.id", "d.subscriber_id")
        .leftJoin("reader_follows as f", "f.subscriber_id", "d.subscriber_id")
        .select([
          "d.run_id",
          "r.kind",
          "r.recap_id",
          "r.since_at",
          "r.until_at",
          "s.email",
          "s.unsubscribe_key",
          "s.digest",
          "s.status",
          "s.digest_cadence",
          "f.kind as follow_kind",
          "f.item as follow_item",
          "f.created_at as follow_created_at",
        ])
        .where("d.id", "=", d.id)
        .orderBy("f.id")
        .execute();
      const info = rows[0];
      if (info && info.digest === "on" && info.status !== "bounced")
        return {
          id: d.id,
          runId: info.run_id,
          kind: info.kind,
          recapId: info.recap_id,
          since: new Date(String(info.since_at)).toISOString(),
          until: new Date(String(info.until_at)).toISOString(),
          subscriberId: d.subscriberId,
          email: info.email,
          unsubscribeKey: info.unsubscribe_key,
          cadence: info.digest_cadence,
          attempts: d.attempts,
          follows: rows.flatMap((r) =>
            r.follow_kind !== null && r.follow_item !== null && r.follow_created_at !== null
              ? [{ kind: r.follow_kind, item: r.follow_item, created_at: r.follow_created_at }]
              : [],
          ),
        };
      await skipClaimed(trx, "digest_deliveries", d.id, "digest stopped");
    }
  });
}

/** Where a run stands: deliveries by status (an empty digest counts as skipped). */
export const digestRunProgress = (db: Kysely<DB>, runId: number) => deliveryCounts(db, "digest_deliveries", runId);
