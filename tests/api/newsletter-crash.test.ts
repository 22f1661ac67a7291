import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import {
  addConfirmedSubscribers,
  deliveriesOf,
  deliveryCounts,
  publishTodaysRecap,
  sendingSiteEnv,
} from "../support/newsletter-load.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSinkProcess, type SmtpSinkProcess } from "../support/smtp-sink-process.ts";
import { makeTestCertificate, type TestCertificate } from "../support/test-certificate.ts";

const TOKEN = "crash-admin-token-0123456789";
// 2,000 in the suite (six sends: two engines, three ways to the SMTP server); the 5,000
// with `npm run bench:newsletter-crash`. The kills come at the same points of the send.
const SUBSCRIBERS = Number(process.env.NEWSLETTER_CRASH_SUBSCRIBERS ?? 2000);
const FIRST_KILL = Math.round(SUBSCRIBERS * 0.3);
const SECOND_KILL = Math.round(SUBSCRIBERS * 0.7);

/**
 * The crash test: a recap going to 5,000 subscribers (2,000 in the suite), the sending
 * instance killed with SIGKILL twice in the middle, other instances (two at a
 * time) taking over. Every subscriber must get the recap, and exactly once but
 * for the one message a kill may catch between its final dot and its COMMIT.
 */
let certificate: TestCertificate;
beforeAll(() => {
  certificate = makeTestCertificate();
});
afterAll(() => certificate?.remove());

/** Plain TCP, and the two ways providers take mail over TLS (port 587's STARTTLS, port 465's implicit TLS). */
const MODES = ["plain", "starttls", "implicit"] as const;

describe.each(ENGINES.flatMap((engine) => MODES.map((mode) => [engine, mode] as const)))(
  `a ${SUBSCRIBERS.toLocaleString("en-US")}-subscriber send killed mid-way on %s over %s`,
  (engine, mode) => {
    let testDb: TestDatabase;
    let sink: SmtpSinkProcess;
    const servers: RunningServer[] = [];
    const start = async () => {
      // A killed instance's message in flight is taken over after a second.
      const server = await startServer({
        ...sendingSiteEnv(testDb, sink.url, TOKEN, 1000),
        NEWSLETTER_LEASE_SECONDS: "1",
        NODE_EXTRA_CA_CERTS: certificate.certFile,
      });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      sink = await startSmtpSinkProcess(
        mode === "plain" ? undefined : { mode, keyFile: certificate.keyFile, certFile: certificate.certFile },
      );
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

      await sink.waitFor(FIRST_KILL, 60_000);
      await first.stop("SIGKILL");
      // What the kill left in the kernel reaches the SMTP server's process a moment later.
      await new Promise((r) => setTimeout(r, 100));
      const killedAt = [(await sink.received()).length];
      const [second, third] = await Promise.all([start(), start()]);
      await sink.waitFor(SECOND_KILL, 60_000);
      await second.stop("SIGKILL");
      await new Promise((r) => setTimeout(r, 100));
      killedAt.push((await sink.received()).length);
      await start();

      // Done when the database says every delivery is settled.
      for (const giveUp = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 200))) {
        const counts = await deliveryCounts(testDb);
        if ((counts.sent ?? 0) + (counts.failed ?? 0) + (counts.skipped ?? 0) === SUBSCRIBERS) break;
        if (Date.now() > giveUp) throw new Error(`send did not finish: ${JSON.stringify(counts)}`);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(third.process.exitCode).toBeNull();

      const received = await sink.received();
      const perAddress = new Map<string, number>();
      for (const to of received) for (const address of to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      const twice = [...perAddress].filter(([, n]) => n > 1);
      const missing = emails.filter((e) => !perAddress.has(e));
      if (missing.length || twice.length) {
        const records = await deliveriesOf(testDb, [...missing, ...twice.map(([e]) => e)]);
        const ids = new Set(records.map((r) => r.id));
        // What the servers said of those deliveries, and any error or warning at all.
        const logs = servers.flatMap((s, i) =>
          s.logs
            .filter(
              (l): l is Record<string, unknown> =>
                typeof l === "object" &&
                (ids.has((l.delivery ?? l.newsletter_deliveries) as number) || Number(l.level) >= 40),
            )
            .slice(0, 20)
            .map((l) => ({ server: i, ...l })),
        );
        const arrivals = twice.map(([e]) => [e, received.flatMap((to, i) => (to.includes(e) ? [i] : []))]);
        console.error("crash test:", JSON.stringify({ killedAt, twice, arrivals, missing, records, logs }, null, 1));
      }
      // The counts the issue asks for, in the test's output.
      console.info(
        `crash test on ${engine} over ${mode}: killed after ${killedAt.join(" and ")} messages; ${received.length} received for ${SUBSCRIBERS}; ${twice.length} twice; ${missing.length} missing`,
      );
      expect(killedAt).toHaveLength(2);
      expect(missing).toEqual([]);
      // A kill can fall between a message's final dot and its COMMIT, two system calls apart in
      // one synchronous step (docs/newsletter.md, "What remains"): that message, the one the killed
      // sender was finishing, then arrives twice: first before the kill, again after the lease. Nothing
      // else may: so at most one message per kill.
      const doubledAt = twice.map(([email]) => {
        const [first, second, ...more] = received.flatMap((to, i) => (to.includes(email) ? [i] : []));
        expect(more).toEqual([]);
        expect(second).toBeDefined();
        const kill = killedAt.findIndex((count) => first! < count);
        expect(kill, `${email} came twice, the first time after the last kill`).toBeGreaterThanOrEqual(0);
        return kill;
      });
      expect(new Set(doubledAt).size).toBe(doubledAt.length);
      expect(received).toHaveLength(SUBSCRIBERS + twice.length);
      expect(await deliveryCounts(testDb)).toEqual({ sent: SUBSCRIBERS });
    });
  },
);
