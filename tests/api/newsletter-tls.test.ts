import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { runHubCli } from "../support/hub-cli.ts";
import {
  addConfirmedSubscribers,
  deliveryCounts,
  publishTodaysRecap,
  sendingSiteEnv,
} from "../support/newsletter-load.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { makeTestCertificate, type TestCertificate } from "../support/test-certificate.ts";

const TOKEN = "tls-admin-token-0123456789";
const SUBSCRIBERS = 300;

const settled = async (testDb: TestDatabase, total: number, ms: number) => {
  for (const giveUp = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
    const counts = await deliveryCounts(testDb);
    if ((counts.sent ?? 0) + (counts.failed ?? 0) >= total) return counts;
    if (Date.now() > giveUp) return counts;
  }
};

/**
 * Every provider takes mail over STARTTLS (587) or implicit TLS (465): a recap
 * must reach every subscriber there as it does over plain TCP, with the server
 * trusting the provider's certificate the way an operator sets it up
 * (NODE_EXTRA_CA_CERTS for a private CA).
 */
describe.each(ENGINES)("the newsletter over TLS on %s", (engine) => {
  let certificate: TestCertificate;
  beforeAll(() => {
    certificate = makeTestCertificate();
  });
  afterAll(() => certificate?.remove());

  describe.each(["starttls", "implicit"] as const)("with %s", (mode) => {
    let testDb: TestDatabase;
    let sink: SmtpSink;
    let server: RunningServer;

    beforeAll(async () => {
      sink = await startSmtpSink({ parse: false, tls: { mode, key: certificate.key, cert: certificate.cert } });
      testDb = await freshDatabase(engine);
      server = await startServer({
        ...sendingSiteEnv(testDb, sink.url, TOKEN, 1000),
        NODE_EXTRA_CA_CERTS: certificate.certFile,
      });
    });
    afterAll(async () => {
      await server?.stop();
      await testDb?.drop();
      await sink?.stop();
    });

    it("delivers a recap to every subscriber, once each", { timeout: 60_000 }, async () => {
      const emails = await addConfirmedSubscribers(testDb, SUBSCRIBERS);
      expect(await publishTodaysRecap(server.url, TOKEN, `A recap over ${mode}`, "Text.")).toBe(201);
      await sink.waitFor(SUBSCRIBERS, 30_000);
      // Each message timed out after its final dot before (the TLS socket never said 'drain'): settled quickly now, all sent.
      expect(await settled(testDb, SUBSCRIBERS, 10_000)).toEqual({ sent: SUBSCRIBERS });
      expect(sink.received.map((to) => to[0]).sort()).toEqual([...emails].sort());
    });
  });

  it(
    "says a refused certificate is a TLS failure, in the log and in `hub newsletter status`",
    { timeout: 60_000 },
    async () => {
      const sink = await startSmtpSink({
        parse: false,
        tls: { mode: "starttls", key: certificate.key, cert: certificate.cert },
      });
      const testDb = await freshDatabase(engine);
      // No NODE_EXTRA_CA_CERTS: the server does not trust the certificate, as with a provider's private CA not set up.
      const server = await startServer({
        ...sendingSiteEnv(testDb, sink.url, TOKEN, 1000),
        NEWSLETTER_RETRY_SECONDS: "600",
      });
      try {
        await addConfirmedSubscribers(testDb, 3);
        expect(await publishTodaysRecap(server.url, TOKEN, "A recap nobody gets", "Text.")).toBe(201);
        // Each delivery is queued before its first attempt too: wait for all three attempts to be logged.
        const failuresLogged = () =>
          server.logs.filter((l) => typeof l === "object" && l.msg === "newsletter message failed for now");
        for (
          const giveUp = Date.now() + 20_000;
          failuresLogged().length < 3;
          await new Promise((r) => setTimeout(r, 100))
        ) {
          if (Date.now() > giveUp) throw new Error(`deliveries: ${JSON.stringify(await deliveryCounts(testDb))}`);
        }
        expect(await deliveryCounts(testDb)).toEqual({ queued: 3 });
        const logged = failuresLogged();
        expect(String((logged[0] as Record<string, unknown>).err)).toMatch(/^TLS: .*certificate/i);
        expect(sink.received).toEqual([]);

        const status = await runHubCli(server.url, ["newsletter", "status", "1"], { ADMIN_TOKEN: TOKEN });
        expect(status.code).toBe(0);
        expect(status.stdout).toMatch(/will retry \(3\): TLS: .*certificate/i);
      } finally {
        await server.stop();
        await testDb.drop();
        await sink.stop();
      }
    },
  );
});
