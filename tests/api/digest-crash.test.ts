import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { addFollowers, digestCounts, digestDeliveriesOf, sendDigestNow } from "../support/digest-load.ts";
import { deliveryCounts, publishTodaysRecap, sendingSiteEnv } from "../support/newsletter-load.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSinkProcess, type SmtpSinkProcess } from "../support/smtp-sink-process.ts";
import { makeTestCertificate, type TestCertificate } from "../support/test-certificate.ts";

const TOKEN = "digest-crash-admin-token-0123456789";
// 2,000 in the suite (about a minute per engine on two cores); the 5,000, which take 70 to
// 145 s per engine there (some 3.5 minutes for the file), with `npm run bench:digest-crash`. The
// kills come at the same points of the send, and the waits grow with it.
const FOLLOWERS = Number(process.env.DIGEST_CRASH_FOLLOWERS ?? 2000);
const ROOM = Math.max(1, FOLLOWERS / 2000);
const FIRST_KILL = Math.round(FOLLOWERS * 0.3);
const SECOND_KILL = Math.round(FOLLOWERS * 0.7);
const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;

/**
 * The crash test for the digest of follows (issue 42): a weekly digest going to 5,000
 * followers (2,000 in the suite), the sending instance killed with SIGKILL twice in the middle,
 * other instances (two at a time) taking over. The digest goes by the recap's lanes, leases and
 * commit point, so the promise is the recap's: every follower gets the digest, and exactly once but
 * for the one message a kill may catch between its final dot and its COMMIT. Over STARTTLS, as most
 * providers take mail.
 */
let certificate: TestCertificate;
beforeAll(() => {
  certificate = makeTestCertificate();
});
afterAll(() => certificate?.remove());

describe.each(ENGINES)(
  `a ${FOLLOWERS.toLocaleString("en-US")}-follower digest killed mid-way on %s over STARTTLS`,
  (engine) => {
    let testDb: TestDatabase;
    let sink: SmtpSinkProcess;
    const servers: RunningServer[] = [];
    const start = async () => {
      // A killed instance's message in flight is taken over after a second; the digest goes when asked.
      const server = await startServer({
        ...sendingSiteEnv(testDb, sink.url, TOKEN, 1000),
        NEWSLETTER_LEASE_SECONDS: "1",
        NODE_EXTRA_CA_CERTS: certificate.certFile,
        DIGEST_AUTO_SEND: "false",
      });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      sink = await startSmtpSinkProcess({
        mode: "starttls",
        keyFile: certificate.keyFile,
        certFile: certificate.certFile,
      });
      testDb = await freshDatabase(engine);
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await testDb?.drop();
      await sink?.stop();
    });

    it("loses nothing and sends nothing twice", { timeout: 180_000 * ROOM }, async () => {
      const first = await start();
      const emails = await addFollowers(testDb, FOLLOWERS, [{ kind: "company", item: String(diageo.id) }]);
      // Something new about Diageo for every follower. The recap is mailed too, to no one: they never asked for it.
      expect(await publishTodaysRecap(first.url, TOKEN, "The crash-test recap", "Diageo cut its outlook.")).toBe(201);
      await sendDigestNow(first.url, TOKEN);

      await sink.waitFor(FIRST_KILL, 60_000 * ROOM);
      await first.stop("SIGKILL");
      // What the kill left in the kernel reaches the SMTP server's process a moment later.
      await new Promise((r) => setTimeout(r, 100));
      const killedAt = [(await sink.received()).length];
      const [second, third] = await Promise.all([start(), start()]);
      await sink.waitFor(SECOND_KILL, 60_000 * ROOM);
      await second.stop("SIGKILL");
      await new Promise((r) => setTimeout(r, 100));
      killedAt.push((await sink.received()).length);
      await start();

      // Done when the database says every digest is settled.
      for (const giveUp = Date.now() + 90_000 * ROOM; ; await new Promise((r) => setTimeout(r, 200))) {
        const counts = await digestCounts(testDb);
        if ((counts.sent ?? 0) + (counts.failed ?? 0) + (counts.skipped ?? 0) === FOLLOWERS) break;
        if (Date.now() > giveUp) throw new Error(`digest did not finish: ${JSON.stringify(counts)}`);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(third.process.exitCode).toBeNull();

      const received = await sink.received();
      const perAddress = new Map<string, number>();
      for (const to of received) for (const address of to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      const twice = [...perAddress].filter(([, n]) => n > 1);
      const missing = emails.filter((e) => !perAddress.has(e));
      const followers = new Set(emails);
      const strangers = [...perAddress.keys()].filter((e) => !followers.has(e));
      if (missing.length || twice.length || strangers.length) {
        const records = await digestDeliveriesOf(testDb, [...missing, ...twice.map(([e]) => e)]);
        const ids = new Set(records.map((r) => r.id));
        // What the servers said of those digests, and any error or warning at all.
        const logs = servers.flatMap((s, i) =>
          s.logs
            .filter(
              (l): l is Record<string, unknown> =>
                typeof l === "object" && (ids.has(l.digest_deliveries as number) || Number(l.level) >= 40),
            )
            .slice(0, 20)
            .map((l) => ({ server: i, ...l })),
        );
        const arrivals = twice.map(([e]) => [e, received.flatMap((to, i) => (to.includes(e) ? [i] : []))]);
        console.error(
          "digest crash test:",
          JSON.stringify({ killedAt, twice, arrivals, missing, strangers, records, logs }, null, 1),
        );
      }
      // The counts the issue asks for, in the test's output.
      console.info(
        `digest crash test on ${engine} over starttls: killed after ${killedAt.join(" and ")} messages; ${received.length} received for ${FOLLOWERS}; ${twice.length} twice; ${missing.length} missing`,
      );
      expect(killedAt).toHaveLength(2);
      expect(missing).toEqual([]);
      // Every message went to a follower, and none was the recap (they never asked for it): all digests.
      expect(strangers).toEqual([]);
      expect(await deliveryCounts(testDb)).toEqual({});
      // As for the recap (docs/newsletter.md, "What remains"): a kill between a message's final dot and
      // its COMMIT sends that one message again after the lease, first before the kill. Nothing else
      // may arrive twice: so at most one message per kill.
      const doubledAt = twice.map(([email]) => {
        const [first, second, ...more] = received.flatMap((to, i) => (to.includes(email) ? [i] : []));
        expect(more).toEqual([]);
        expect(second).toBeDefined();
        const kill = killedAt.findIndex((count) => first! < count);
        expect(kill, `${email} came twice, the first time after the last kill`).toBeGreaterThanOrEqual(0);
        return kill;
      });
      expect(new Set(doubledAt).size).toBe(doubledAt.length);
      expect(received).toHaveLength(FOLLOWERS + twice.length);
      expect(await digestCounts(testDb)).toEqual({ sent: FOLLOWERS });
    });
  },
);
