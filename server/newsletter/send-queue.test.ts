import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery } from "kysely";
import pino from "pino";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { startNewsletterSender } from "./sender.ts";
import {
  claimDelivery,
  claimStatement,
  expandSends,
  markCommitting,
  queueRecap,
  sendProgress,
  settleCommitted,
} from "./send-queue.server.ts";
import { SmtpClient } from "./smtp-client.ts";
import { claimConfirmation } from "./confirmations.ts";
import { confirmSubscription, requestSubscription, unsubscribe } from "./subscribers.server.ts";

const SITE = { brand: "Proofline", siteUrl: "https://hub.example" };
const silent = pino({ level: "silent" });

async function subscribe(db: Database["db"], email: string): Promise<string> {
  expect((await requestSubscription(db, email, "home")).kind).toBe("queued");
  // The sender's own step: it takes the queued confirmation and makes its link.
  const mail = await claimConfirmation(db, "test", 60_000);
  expect(mail?.email).toBe(email);
  expect(await confirmSubscription(db, mail!.token)).toBe("confirmed");
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select("unsubscribe_key")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.unsubscribe_key;
}

/** The status and attempts of one address's delivery of one recap. */
const deliveryOf = (db: Database["db"], email: string, recapId: number) =>
  db
    .selectFrom("newsletter_deliveries as d")
    .innerJoin("newsletter_subscribers as s", "s.id", "d.subscriber_id")
    .innerJoin("newsletter_sends as n", "n.id", "d.send_id")
    .select(["d.status", "d.attempts"])
    .where("s.email", "=", email)
    .where("n.recap_id", "=", recapId)
    .executeTakeFirstOrThrow();

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  for (const giveUp = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > giveUp) throw new Error("timed out");
  }
};

function sender(database: Database, sink: SmtpSink, extra: Partial<Parameters<typeof startNewsletterSender>[0]> = {}) {
  return startNewsletterSender({
    db: database.db,
    holdWrite: database.holdWrite,
    logger: silent,
    smtp: () => new SmtpClient(sink.url, "Proofline <recap@hub.example>"),
    lanes: 2,
    site: SITE,
    ratePerSecond: 2000,
    leaseSeconds: 30,
    retrySeconds: 0.1,
    idleSeconds: 0.05,
    ...extra,
  });
}

describe.each(ENGINES)("newsletter send queue on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  let recapId: number;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    const { recap } = await createRecap(database.db, {
      date: "2026-11-20",
      headline: "Tariffs and the holiday reset",
      content: "Body with a [link](/recap/1).",
    });
    recapId = recap.id;
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it("claims the next message by reading the queue's index in order, never by sorting the whole queue", async () => {
    const db = database.db;
    const now = new Date("2026-11-20T12:00:00Z");
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    // A run of 3,000 digests, a few of them in flight on some lane; the engine's statistics are fresh.
    for (let i = 0; i < 3000; i += 500)
      await db
        .insertInto("digest_deliveries")
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            run_id: 9_999,
            subscriber_id: i + j + 1,
            status: i + j < 3 ? ("sending" as const) : ("queued" as const),
            next_attempt_at: at(-60 + ((i + j) % 7)),
            lease_until: i + j < 3 ? at(5) : null,
          })),
        )
        .execute();
    if (engine === "postgres") await db.executeQuery(CompiledQuery.raw("analyze digest_deliveries"));
    const claim = claimStatement(db, "digest_deliveries", "plan", 60_000, now).compile(db);
    const explain = engine === "postgres" ? "explain (costs off) " : "explain query plan ";
    const plan = (
      await db.executeQuery<Record<string, string>>(CompiledQuery.raw(explain + claim.sql, [...claim.parameters]))
    ).rows
      .map((r) => r["QUERY PLAN"] ?? r.detail)
      .join("\n");
    expect(plan).toMatch(/digest_deliveries_due_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort|Seq Scan/);
    // And it takes what is due first: the queued row whose time came first, the lowest id among equals.
    const expected = await db
      .selectFrom("digest_deliveries")
      .select("id")
      .where("run_id", "=", 9_999)
      .where("status", "=", "queued")
      .orderBy("next_attempt_at")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const first = await claimStatement(db, "digest_deliveries", "plan", 60_000, now).execute(db);
    expect(Number(first.rows[0]!.id)).toBe(Number(expected.id));
    // A message whose lane died (its lease ran out) goes before every queued one.
    const orphan = await db
      .updateTable("digest_deliveries")
      .set({ lease_until: at(-1) })
      .where("run_id", "=", 9_999)
      .where("subscriber_id", "=", 2)
      .returning("id")
      .executeTakeFirstOrThrow();
    const retaken = await claimStatement(db, "digest_deliveries", "plan", 60_000, now).execute(db);
    expect(Number(retaken.rows[0]!.id)).toBe(Number(orphan.id));
    await db.deleteFrom("digest_deliveries").where("run_id", "=", 9_999).execute();
  });

  it("sends a recap once to each confirmed subscriber, with two senders sharing the queue, and to nobody else", async () => {
    const sink = await startSmtpSink();
    const db = database.db;
    const confirmed = Array.from({ length: 60 }, (_, i) => `reader${i}@example.com`);
    for (const email of confirmed) await subscribe(db, email);
    const key = await subscribe(db, "left@example.com");
    await unsubscribe(db, key);
    // Its confirmation mail goes through the same senders; the recap does not.
    await requestSubscription(db, "pending@example.com", "footer");

    expect(await queueRecap(db, recapId, "publish")).toMatchObject({ queued: true });
    expect(await queueRecap(db, recapId, "api")).toEqual({ queued: false, reason: "already" });
    const stops = [sender(database, sink), sender(database, sink)];
    try {
      await sink.waitFor(61);
      await until(async () => (await sendProgress(db, recapId))!.counts.sent === 60);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await sink.stop();
    }
    const toOf = (m: (typeof sink.messages)[number]) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address;
    const recaps = sink.messages.filter((m) => m.subject === "Tariffs and the holiday reset");
    expect(recaps.map(toOf).sort()).toEqual([...confirmed].sort());
    expect(sink.messages.filter((m) => toOf(m) === "pending@example.com").map((m) => m.subject)).toEqual([
      "Confirm your subscription to the Proofline Weekly Recap",
    ]);
    // The confirmation was taken first: someone is waiting for it. Two senders deliver at once, so
    // it arrives with the first message of each, not always before the other's.
    expect(sink.messages.slice(0, 2).map(toOf)).toContain("pending@example.com");
    const mail = recaps[0]!;
    expect(mail.subject).toBe("Tariffs and the holiday reset");
    const line = (key: string) => mail.headerLines.find((l) => l.key === key)?.line.replace(/\s+/g, " ");
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(line("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <https:\/\/hub\.example\/newsletter\/unsubscribe\/[\w-]{20,}>$/,
    );
    expect(mail.html).toContain('href="https://hub.example/recap/1"');
    expect(mail.messageId).toMatch(new RegExp(`^<recap-${recapId}\\.\\d+@hub\\.example>$`));
    expect(await sendProgress(db, recapId)).toMatchObject({
      recipients: 60,
      counts: { sent: 60, queued: 0, sending: 0, failed: 0 },
    });
  });

  it("after a crash, sends again what never reached its final dot and never what did", async () => {
    const db = database.db;
    const { recap } = await createRecap(db, { date: "2026-11-21", headline: "Crash week", content: "Text." });
    await db.deleteFrom("newsletter_subscribers").where("email", "not like", "reader1_@example.com").execute();
    await queueRecap(db, recap.id, "publish");
    await expandSends(db);
    // A sender that died holding two messages: one before its commit point, one after.
    // (A lease long enough that the second claim cannot take the first one back, on a loaded machine too.)
    const before = (await claimDelivery(db, "dead", 1000))!;
    const after = (await claimDelivery(db, "dead", 1000))!;
    expect(after.id).not.toBe(before.id);
    expect(await markCommitting(database, after.id, "dead")).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await settleCommitted(db)).toBe(1);

    const sink = await startSmtpSink();
    const stop = sender(database, sink);
    try {
      await until(
        async () =>
          (await sendProgress(db, recap.id))!.counts.queued === 0 &&
          (await sendProgress(db, recap.id))!.counts.sending === 0,
      );
    } finally {
      await stop();
      await sink.stop();
    }
    const to = sink.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address);
    expect(to).toContain(before.email);
    expect(to).not.toContain(after.email);
    expect(new Set(to).size).toBe(to.length);
    expect(to).toHaveLength(9);
  });

  it("keeps a message whose SMTP server stalls: no other lane takes it over, and it counts one attempt", async () => {
    const db = database.db;
    await subscribe(db, "slow@example.com");
    const { recap } = await createRecap(db, { date: "2026-11-23", headline: "A slow server", content: "Text." });
    const recipientsAsked: string[] = [];
    const sink = await startSmtpSink({
      parse: false,
      holdRcpt: (address) => {
        recipientsAsked.push(address);
        // The server sits on this message for many leases' time before it answers, before its final dot.
        return address === "slow@example.com" ? new Promise((r) => setTimeout(r, 1500)) : undefined;
      },
    });
    await queueRecap(db, recap.id, "api");
    const stop = sender(database, sink, { leaseSeconds: 0.3, lanes: 3 });
    try {
      await until(async () => {
        const p = (await sendProgress(db, recap.id))!;
        return p.recipients !== null && p.counts.queued + p.counts.sending === 0;
      });
    } finally {
      await stop();
      await sink.stop();
    }
    expect(recipientsAsked.filter((to) => to === "slow@example.com")).toHaveLength(1);
    const slow = await deliveryOf(db, "slow@example.com", recap.id);
    expect(slow).toEqual({ status: "sent", attempts: 1 });
  });

  it("gives up on an address the server refuses for good (5xx) and retries one it refuses for now (4xx)", async () => {
    const db = database.db;
    await subscribe(db, "gone@example.com");
    await subscribe(db, "busy@example.com");
    const { recap } = await createRecap(db, { date: "2026-11-22", headline: "Refusals", content: "Text." });
    let busy = 2;
    const sink = await startSmtpSink({
      refuse: (address) =>
        address === "gone@example.com"
          ? { code: 550, message: "No such user" }
          : address === "busy@example.com" && busy-- > 0
            ? { code: 451, message: "Try later" }
            : undefined,
    });
    await queueRecap(db, recap.id, "api");
    const stop = sender(database, sink);
    try {
      await until(async () => {
        const p = (await sendProgress(db, recap.id))!;
        return p.counts.queued + p.counts.sending === 0 && p.recipients !== null;
      });
    } finally {
      await stop();
      await sink.stop();
    }
    const gone = await db
      .selectFrom("newsletter_subscribers")
      .select(["status", "bounce_reason"])
      .where("email", "=", "gone@example.com")
      .executeTakeFirstOrThrow();
    expect(gone.status).toBe("bounced");
    expect(gone.bounce_reason).toContain("No such user");
    const busyRow = await deliveryOf(db, "busy@example.com", recap.id);
    expect(busyRow).toEqual({ status: "sent", attempts: 3 });
    expect((await sendProgress(db, recap.id))!.counts.failed).toBe(1);
  });
});
