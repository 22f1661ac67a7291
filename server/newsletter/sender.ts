import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { getRecap } from "../data/recaps.server.ts";
import type { Logger } from "../logger.ts";
import { confirmationEmail } from "./confirmation-email.ts";
import { claimConfirmation, type ClaimedConfirmation } from "./confirmations.ts";
import { confirmPath, unsubscribePath } from "./newsletter-links.ts";
import { onMailQueued } from "./queue-signal.ts";
import { recapEmail, type EmailSite, type RecapEmail } from "./recap-email.ts";
import { trackedHtml, trackingKey } from "./mail-tracking.ts";
import {
  claimDelivery,
  expandSends,
  prepareCommitting,
  markFailed,
  markRetry,
  markSent,
  renewLease,
  reserveSlot,
  settleCommitted,
  type ClaimedDelivery,
  type CommittedTable,
  type QueueTable,
} from "./send-queue.server.ts";
import { CommitRefused, isPermanentFailure, type OutgoingMail, type SmtpClient } from "./smtp-client.ts";
import { describeSmtpFailure } from "./smtp-failure.ts";
import { expirePending, markBounced } from "./subscribers.server.ts";

export interface SenderOptions {
  db: Kysely<DB>;
  /** The database's held writes, for the commit point (see prepareCommitting). */
  holdWrite: Database["holdWrite"];
  logger: Logger;
  /** Opens one SMTP client per lane (SMTP_CONNECTIONS): lanes send side by side, each on its own connection. */
  smtp: () => SmtpClient;
  lanes: number;
  site: EmailSite;
  ratePerSecond: number;
  leaseSeconds: number;
  retrySeconds: number;
  /** How long to wait when nothing is due before looking again. */
  idleSeconds: number;
  mediaBaseUrl?: string | undefined;
  /** NEWSLETTER_TRACKING: each copy carries its own open image and signed click links. */
  tracking?: boolean;
  /** A second queue of committed messages sent by the same lanes after the recaps: the digests of follows (issue 42). */
  extra?: ExtraQueue;
}

/** A message of another queue, made and ready to send, under the same commit point as a recap. */
export interface ExtraMessage {
  id: number;
  subscriberId: number;
  attempts: number;
  mail: OutgoingMail & { unsubscribeUrl: string; messageId: string };
}

/**
 * What the lanes need of another queue of committed messages: its table, a claim that returns the next
 * message made (or "skipped" when the claimed one had nothing to say and was set aside), and lane 0's
 * housekeeping (queueing what is due, expanding runs).
 */
export interface ExtraQueue {
  table: "digest_deliveries";
  claim(owner: string, leaseMs: number): Promise<ExtraMessage | "skipped" | undefined>;
  tidy(): Promise<void>;
}

/**
 * The newsletter's sending loop. Every instance runs one; the database decides
 * who sends each message (see send-queue.server.ts), and one row paces them all
 * together. It starts with what a stopped instance left: messages past their
 * commit point count as sent, the others are sent again.
 */
export function startNewsletterSender(o: SenderOptions): () => Promise<void> {
  const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const intervalMs = 1000 / o.ratePerSecond;
  const messageIdHost = new URL(o.site.siteUrl).hostname;
  const emails = new Map<number, RecapEmail | null>();
  let stopped = false;
  /** This instance's form queued a confirmation mail since a lane last looked. */
  let confirmationQueued = false;
  /** When this instance's lane 0 last turned a recap's send into deliveries (each lane then looks at once). */
  let recapsExpandedAt = 0;
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  // The recap's parts are the same for everyone: rendered once per recap, the unsubscribe link added per reader.
  async function emailOf(recapId: number, unsubscribeUrl: string): Promise<RecapEmail | null> {
    if (!emails.has(recapId)) {
      const recap = await getRecap(o.db, recapId, o.mediaBaseUrl);
      emails.set(recapId, recap ? recapEmail(recap, o.site, "{{unsubscribe}}") : null);
    }
    const made = emails.get(recapId);
    if (!made) return null;
    const put = (s: string) => s.replaceAll("{{unsubscribe}}", unsubscribeUrl);
    return { subject: made.subject, html: put(made.html), text: put(made.text) };
  }

  // The lease says this instance is alive and still on it: renewed while the SMTP call lasts, however
  // long its server takes, so no other lane takes the message over (and counts an attempt) meanwhile.
  // Only a dead instance's lease runs out.
  function keepLease(table: QueueTable, id: number) {
    const leaseMs = o.leaseSeconds * 1000;
    return setInterval(
      () =>
        void renewLease(o.db, id, owner, leaseMs, new Date(), table).catch((err: unknown) =>
          o.logger.warn({ err, [table]: id }, "newsletter lease not renewed"),
        ),
      leaseMs / 3,
    );
  }

  // A confirmation mail is sent at least once: a crash after the final dot sends it again, with a new
  // link (the newest works), which costs the reader a second mail and nothing else. So no commit point.
  async function confirm(smtp: SmtpClient, c: ClaimedConfirmation): Promise<void> {
    const table = "newsletter_confirmations";
    const mail = confirmationEmail(c.email, `${o.site.siteUrl}${confirmPath(c.token)}`, o.site, c.asked);
    const renewing = keepLease(table, c.id);
    try {
      await smtp.send({ ...mail, messageId: `<confirm-${c.id}.${c.attempts}@${messageIdHost}>` });
      await markSent(o.db, c.id, owner, new Date(), null, table);
    } catch (err) {
      const reason = describeSmtpFailure(err);
      if (isPermanentFailure(err)) {
        // The address is left pending, and forgotten with the other unconfirmed ones.
        await markFailed(o.db, c.id, owner, reason, table);
        o.logger.warn({ confirmation: c.id, err: reason }, "confirmation mail refused for good");
      } else {
        const outcome = await markRetry(o.db, c, owner, reason, o.retrySeconds * 1000, new Date(), table);
        o.logger.warn(
          { confirmation: c.id, attempt: c.attempts, outcome, err: reason },
          "confirmation mail failed for now",
        );
      }
    } finally {
      clearInterval(renewing);
    }
  }

  let key: Promise<string> | undefined;
  async function deliver(smtp: SmtpClient, d: ClaimedDelivery): Promise<void> {
    const unsubscribeUrl = `${o.site.siteUrl}${unsubscribePath(d.unsubscribeKey)}`;
    const made = await emailOf(d.recapId, unsubscribeUrl);
    if (!made) return markFailed(o.db, d.id, owner, "the recap no longer exists");
    const email = o.tracking
      ? {
          ...made,
          html: trackedHtml(
            made.html,
            await (key ??= trackingKey(o.db)),
            o.site.siteUrl,
            { sendId: d.sendId, subscriberId: d.subscriberId },
            unsubscribeUrl,
          ),
        }
      : made;
    const messageId = `<recap-${d.recapId}.${d.subscriberId}@${messageIdHost}>`;
    await sendCommitted(smtp, "newsletter_deliveries", d, { to: d.email, ...email, unsubscribeUrl, messageId });
  }

  /** Sends one message of a queue with a commit point (a recap's, a digest's): at most once, never lost. */
  async function sendCommitted(
    smtp: SmtpClient,
    table: CommittedTable,
    d: { id: number; subscriberId: number; attempts: number },
    mail: OutgoingMail,
  ): Promise<void> {
    let committed: Promise<void> | undefined;
    const commitPoint = async () => {
      const held = await prepareCommitting(o, d.id, owner, table);
      if (!held) return undefined;
      return {
        commit: () => {
          // Called in the same step as the final dot is written, just after it (see smtp-client.ts); awaited below.
          committed = held.commitNow();
          committed.catch(() => undefined);
        },
        withdraw: () => void held.rollback().catch(() => undefined),
      };
    };
    const renewing = keepLease(table, d.id);
    try {
      await smtp.send(mail, commitPoint);
      // The server has it: record that, after the commit point's own commit (a failed one is logged).
      await committed?.catch((err: unknown) =>
        o.logger.error({ err, [table]: d.id }, "newsletter commit point not recorded; recording the message as sent"),
      );
      await markSent(o.db, d.id, owner, new Date(), null, table);
    } catch (err) {
      if (err instanceof CommitRefused) return; // Someone else holds it now, or the reader left: not ours to record.
      const reason = describeSmtpFailure(err);
      // The connection failed after the final dot, without the server's answer: it may have the
      // message, and sending it again could deliver it twice. A reply (4xx, 5xx) is a clear no.
      await committed?.catch(() => undefined);
      if (committed && typeof (err as { responseCode?: unknown }).responseCode !== "number") {
        await markSent(
          o.db,
          d.id,
          owner,
          new Date(),
          `no answer after the final dot (${reason}); counted as sent`,
          table,
        );
        return;
      }
      if (isPermanentFailure(err)) {
        await markFailed(o.db, d.id, owner, reason, table);
        await markBounced(o.db, d.subscriberId, reason);
        o.logger.warn(
          { [table]: d.id, subscriber: d.subscriberId, err: reason },
          "newsletter address refused for good; it gets nothing more",
        );
      } else {
        const outcome = await markRetry(o.db, d, owner, reason, o.retrySeconds * 1000, new Date(), table);
        o.logger.warn(
          { [table]: d.id, attempt: d.attempts, outcome, err: reason },
          "newsletter message failed for now",
        );
      }
    } finally {
      clearInterval(renewing);
    }
  }

  // Lane 0 also does the housekeeping: settling what a stopped sender left, forgetting stale
  // sign-ups, and turning queued sends into deliveries.
  async function lane(index: number, smtp: SmtpClient): Promise<void> {
    let lastTidy = 0;
    let lastConfirmationLook = 0;
    let recapsLastFoundNone = 0;
    while (!stopped) {
      try {
        if (index === 0 && Date.now() - lastTidy > 10_000) {
          lastTidy = Date.now();
          let settled = await settleCommitted(o.db);
          if (o.extra) settled += await settleCommitted(o.db, new Date(), o.extra.table);
          if (settled)
            o.logger.warn({ settled }, "newsletter messages a stopped sender had committed now count as sent");
          await expirePending(o.db);
        }
        if (index === 0 && (await expandSends(o.db)) > 0) recapsExpandedAt = Date.now();
        if (index === 0) await o.extra?.tidy();
        // Someone is waiting for a confirmation mail: those go before the recaps. Looked for at once
        // when this instance's form queued one, else at most once a second per lane, so that a
        // send to thousands does not pay a second claim per message.
        const lookForConfirmations = confirmationQueued || Date.now() - lastConfirmationLook > 1000;
        if (lookForConfirmations) {
          confirmationQueued = false;
          lastConfirmationLook = Date.now();
        }
        const c = lookForConfirmations ? await claimConfirmation(o.db, owner, o.leaseSeconds * 1000) : undefined;
        if (c) confirmationQueued = true; // there may be more behind it
        // While digests go out and no recap is due, a lane that found no recap looks again after a
        // second (or at once when one was expanded here), not before every digest: on PostgreSQL that
        // empty claim was a transaction of its own per digest, most of the digest's lag behind the recap.
        const lookForRecaps =
          !o.extra || recapsExpandedAt >= recapsLastFoundNone || Date.now() - recapsLastFoundNone > 1000;
        const d = c || !lookForRecaps ? undefined : await claimDelivery(o.db, owner, o.leaseSeconds * 1000);
        if (lookForRecaps && !c && !d) recapsLastFoundNone = Date.now();
        // The digests go after the recaps: a recap is the news, a digest sums it up.
        const x = c || d || !o.extra ? undefined : await o.extra.claim(owner, o.leaseSeconds * 1000);
        if (x === "skipped") continue; // nothing new for that reader: nothing sent, no slot taken
        if (!c && !d && !x) {
          await pause(o.idleSeconds * 1000);
          continue;
        }
        const slot = await reserveSlot(o.db, intervalMs);
        if (slot > Date.now()) await pause(slot - Date.now());
        if (c) await confirm(smtp, c);
        else if (d) await deliver(smtp, d);
        else await sendCommitted(smtp, o.extra!.table, x!, x!.mail);
      } catch (err) {
        o.logger.error({ err }, "newsletter sending failed; will try again");
        await pause(o.idleSeconds * 1000);
      }
    }
  }

  const clients = Array.from({ length: o.lanes }, () => o.smtp());
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  const unlisten = onMailQueued(() => {
    confirmationQueued = true;
    wakeAll();
  });
  const running = Promise.all(clients.map((smtp, i) => lane(i, smtp)));
  return async () => {
    unlisten();
    stopped = true;
    wakeAll();
    await running;
    for (const smtp of clients) smtp.close();
  };
}
