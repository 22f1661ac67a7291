import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { addConfirmedSubscribers, deliveriesOf, deliveryCounts, publishTodaysRecap, sendingSiteEnv } from "../support/newsletter-load.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";

const TOKEN = "crash-admin-token-0123456789";
const SUBSCRIBERS = 5000;

/**
 * The crash test: a recap going to 5,000 subscribers, the sending
 * instance killed with SIGKILL twice in the middle, other instances (two at a
 * time) taking over. Every subscriber must get the recap exactly once.
 */
describe.each(ENGINES)("a 5,000-subscriber send killed mid-way on %s", (engine) => {
  let testDb: TestDatabase;
  let sink: SmtpSink;
  const servers: RunningServer[] = [];
  const start = async () => {
    // A killed instance's message in flight is taken over after a second.
    const server = await startServer({ ...sendingSiteEnv(testDb, sink.url, TOKEN, 1000), NEWSLETTER_LEASE_SECONDS: "1" });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    sink = await startSmtpSink({ parse: false });
    testDb = await freshDatabase(engine);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await testDb?.drop();
    await sink?.stop();
  });

  it("loses nothing and sends nothing twice", { timeout: 180_000 }, async () => {
    const first = await start();
    const emails = await addConfirmedSubscribers(testDb, SUBSCRIBERS);
    expect(await publishTodaysRecap(first.url, TOKEN, "The crash-test recap", "Text.")).toBe(201);

    await sink.waitFor(1500, 60_000);
    await first.stop("SIGKILL");
    const killedAt = [sink.received.length];
    const [second, third] = await Promise.all([start(), start()]);
    await sink.waitFor(3500, 60_000);
    await second.stop("SIGKILL");
    killedAt.push(sink.received.length);
    await start();

    // Done when the database says every delivery is settled.
    for (const giveUp = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 200))) {
      const counts = await deliveryCounts(testDb);
      if ((counts.sent ?? 0) + (counts.failed ?? 0) + (counts.skipped ?? 0) === SUBSCRIBERS) break;
      if (Date.now() > giveUp) throw new Error(`send did not finish: ${JSON.stringify(counts)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(third.process.exitCode).toBeNull();

    const perAddress = new Map<string, number>();
    for (const to of sink.received) for (const address of to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    const twice = [...perAddress].filter(([, n]) => n > 1);
    const missing = emails.filter((e) => !perAddress.has(e));
    if (missing.length || twice.length) console.error("crash test:", { killedAt, twice, missing, records: await deliveriesOf(testDb, [...missing, ...twice.map(([e]) => e)]) });
    expect({ killedAt: killedAt.length, twice, missing }).toEqual({ killedAt: 2, twice: [], missing: [] });
    expect(sink.received).toHaveLength(SUBSCRIBERS);
    expect(await deliveryCounts(testDb)).toEqual({ sent: SUBSCRIBERS });
  });
});
