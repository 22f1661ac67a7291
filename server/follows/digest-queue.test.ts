import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { daysFromToday, testNow, testToday } from "../../tests/support/clock.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { createEpisode } from "../data/admin-episodes.server.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { claimConfirmation } from "../newsletter/confirmations.ts";
import { confirmSubscription } from "../newsletter/subscribers.server.ts";
import { digestQueue } from "./digest-lane.ts";
import { expandDigestRuns, queueDueDigest, queueRecapAlerts, queueWeeklyDigest } from "./digest-queue.ts";
import { lastScheduled, type DigestSchedule } from "./digest-schedule.ts";
import { requestFollow, setCadence } from "./follows.server.ts";

const SITE = { brand: "Proofline", siteUrl: "https://hub.example" };
const HOUR = 3_600_000;
const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;
const SCHEDULE: DigestSchedule = { day: "monday", hour: 7, timeZone: "America/New_York" };

describe.each(ENGINES)("the digest's queue on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;

  /** A reader who follows Diageo, confirmed, with the cadence asked. */
  async function reader(email: string, cadence: "weekly" | "immediate") {
    const db = database.db;
    const { subscriberId } = await requestFollow(db, email, { kind: "company", key: String(diageo.id) }, "profile");
    const mail = await claimConfirmation(db, "test", 60_000);
    expect(await confirmSubscription(db, mail!.token)).toBe("confirmed");
    await setCadence(db, subscriberId, cadence);
    return subscriberId;
  }
  const runs = () =>
    database.db
      .selectFrom("digest_runs")
      .select(["id", "kind", "period_key", "since_at", "until_at"])
      .orderBy("id")
      .execute();
  const deliveries = (runId: number) =>
    database.db
      .selectFrom("digest_deliveries")
      .select("subscriber_id")
      .where("run_id", "=", runId)
      .orderBy("subscriber_id")
      .execute()
      .then((rows) => rows.map((r) => r.subscriber_id));

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it("queues each scheduled digest once, up to a day late, and each run starts where the last one stopped", async () => {
    const db = database.db;
    const moment = lastScheduled(SCHEDULE, new Date("2026-11-30T12:00:00.000Z"));
    // Over a day late (the hub was down all Monday): left for the next one, not sent on Tuesday afternoon.
    expect(await queueDueDigest(db, SCHEDULE, new Date(moment.getTime() + 24 * HOUR + 60_000))).toEqual({
      queued: false,
    });
    expect(await runs()).toEqual([]);
    // Within the day: queued once, however many instances look.
    const first = await queueDueDigest(db, SCHEDULE, new Date(moment.getTime() + 5 * 60_000));
    expect(first.queued).toBe(true);
    expect(await queueDueDigest(db, SCHEDULE, new Date(moment.getTime() + 6 * 60_000))).toEqual({ queued: false });
    expect(await queueDueDigest(db, SCHEDULE, new Date(moment.getTime() + 23 * HOUR))).toEqual({ queued: false });
    // The next Monday's run starts where this one stopped; a run sent by hand in between is its start instead.
    const byHand = new Date(moment.getTime() + 3 * 24 * HOUR);
    expect((await queueWeeklyDigest(db, byHand, "operator")).queued).toBe(true);
    const next = lastScheduled(SCHEDULE, new Date(moment.getTime() + 7 * 24 * HOUR));
    expect((await queueDueDigest(db, SCHEDULE, next)).queued).toBe(true);
    const weekly = (await runs()).filter((r) => r.kind === "weekly");
    expect(
      weekly.map((r) => [new Date(String(r.since_at)).toISOString(), new Date(String(r.until_at)).toISOString()]),
    ).toEqual([
      [new Date(moment.getTime() - 7 * 24 * HOUR).toISOString(), moment.toISOString()],
      [moment.toISOString(), byHand.toISOString()],
      [byHand.toISOString(), next.toISOString()],
    ]);
  });

  it("queues a recap's alerts once, for readers who asked for alerts only; their week brings the podcast alone", async () => {
    const db = database.db;
    await db.deleteFrom("digest_deliveries").execute();
    await db.deleteFrom("digest_runs").execute();
    const weeklyReader = await reader("weekly@example.com", "weekly");
    // Nobody asked for alerts yet: a new recap queues none (and is still news for a day, should someone ask).
    const { recap: before } = await createRecap(db, {
      date: testToday(),
      headline: "Before anyone asked",
      content: "## Spirits\n\nDiageo opened a distillery.",
      tags: [],
    });
    expect(await queueRecapAlerts(db, testNow())).toBe(0);
    const alertReader = await reader("alerts@example.com", "immediate");
    // Now one did: recaps of the last day that are news (dated within the newsletter's week) get a run each,
    // once; an archive recap imported today but dated long ago is no news.
    const { recap } = await createRecap(db, {
      date: testToday(),
      headline: "Outlooks cut",
      content: "## Spirits\n\nDiageo cut its outlook.\n\n## Beer\n\nNothing about them.",
      tags: [],
    });
    await createRecap(db, {
      date: daysFromToday(-400),
      headline: "From the archive",
      content: "Diageo did something last year.",
      tags: [],
    });
    expect(await queueRecapAlerts(db, testNow())).toBe(2);
    expect(await queueRecapAlerts(db, testNow())).toBe(0);
    const alerts = (await runs()).filter((r) => r.kind === "alert");
    expect(alerts.map((r) => r.period_key).sort()).toEqual([`alert:${before.id}`, `alert:${recap.id}`].sort());

    await createEpisode(
      db,
      {
        date: testToday(),
        title: "The signal",
        description: "The week.",
        weekly_daily: "daily",
        transcript: "WEBVTT\n\n00:01:05.000 --> 00:01:09.000\nDiageo is hiring.\n",
      },
      null,
    );
    const week = await queueWeeklyDigest(db, new Date(testNow().getTime() + 60_000), "operator");
    expect(week.queued).toBe(true);
    expect(await expandDigestRuns(db, testNow())).toBe(3);
    // An alert goes to the alert reader only; the week to both.
    for (const run of alerts) expect(await deliveries(run.id)).toEqual([alertReader]);
    if (!week.queued) return;
    expect(await deliveries(week.runId)).toEqual([weeklyReader, alertReader].sort((a, b) => a - b));

    // What each is sent, made by the sending lanes' own queue.
    const lane = digestQueue(db, SITE, COMPANIES, undefined);
    const made = new Map<string, string[]>();
    for (let claimed = await lane.claim("test", 60_000); claimed; claimed = await lane.claim("test", 60_000)) {
      if (claimed === "skipped") continue;
      made.set(claimed.mail.to, [...(made.get(claimed.mail.to) ?? []), claimed.mail.text]);
    }
    const toAlerts = made.get("alerts@example.com")!;
    const alertOf = (headline: string) =>
      toAlerts.find((t) => t.includes("· New in the recap") && t.includes(headline));
    expect(toAlerts).toHaveLength(3);
    expect(alertOf("> Diageo cut its outlook.")).toBeDefined();
    expect(alertOf("> Diageo opened a distillery.")).toBeDefined();
    const alertWeek = toAlerts.find((t) => t.includes("· Your weekly digest"))!;
    expect(alertWeek).toContain("Diageo is hiring.");
    expect(alertWeek).not.toContain("Diageo cut its outlook.");
    const [weeklyText] = made.get("weekly@example.com")!;
    expect(made.get("weekly@example.com")).toHaveLength(1);
    expect(weeklyText).toContain("> Diageo cut its outlook.");
    expect(weeklyText).toContain("Diageo is hiring.");
  });
});
