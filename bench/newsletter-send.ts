// npm run bench:newsletter: one recap to 5,000 subscribers through a local SMTP
// server (smtp-server on 127.0.0.1), on SQLite and PostgreSQL, over plain TCP,
// STARTTLS and implicit TLS (a certificate made for the run, trusted through
// NODE_EXTRA_CA_CERTS): the send rate from publication to the last message, and
// the server's memory meanwhile.
// SMTP_RATE_PER_SECOND is set high so that the pace measured is the sender's own.
import { freshDatabase, type Engine } from "../tests/support/databases.ts";
import {
  addConfirmedSubscribers,
  deliveryCounts,
  publishTodaysRecap,
  sendingSiteEnv,
} from "../tests/support/newsletter-load.ts";
import { startServer } from "../tests/support/server.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { makeTestCertificate } from "../tests/support/test-certificate.ts";
import { rssMb } from "./demo-server.ts";

// PostgreSQL: TEST_DATABASE_URL, or the local server.
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ENGINES: Engine[] = ["sqlite", "postgres"];
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 5000);
const TOKEN = "bench-admin-token-0123456789";
const MODES = ["plain", "starttls", "implicit"] as const;
const rows: Array<Record<string, string | number>> = [];
const certificate = makeTestCertificate();

for (const engine of ENGINES)
  for (const mode of MODES) {
    const sink = await startSmtpSink({
      parse: false,
      ...(mode === "plain" ? {} : { tls: { mode, key: certificate.key, cert: certificate.cert } }),
    });
    const testDb = await freshDatabase(engine);
    const server = await startServer({
      ...sendingSiteEnv(testDb, sink.url, TOKEN, 10_000),
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    });
    server.process.stdout!.removeAllListeners("data");
    server.process.stdout!.resume();
    const pid = server.process.pid!;
    try {
      await addConfirmedSubscribers(testDb, SUBSCRIBERS);
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const started = performance.now();
      await publishTodaysRecap(server.url, TOKEN, "The benchmark recap", "A recap of ordinary length. ".repeat(120));
      await sink.waitFor(SUBSCRIBERS, 600_000);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const counts = await deliveryCounts(testDb);
      rows.push({
        engine,
        connection: mode,
        subscribers: SUBSCRIBERS,
        seconds: +seconds.toFixed(1),
        "messages/s": Math.round(SUBSCRIBERS / seconds),
        "sent (database)": counts.sent ?? 0,
        "RSS before (MB)": +before.toFixed(1),
        "RSS peak (MB)": +peak.toFixed(1),
        "RSS after (MB)": +rssMb(pid).toFixed(1),
      });
    } finally {
      await server.stop();
      await testDb.drop();
      await sink.stop();
    }
  }
certificate.remove();
console.log(
  `One recap to ${SUBSCRIBERS} subscribers, local SMTP server, one instance (2 cores shared with the SMTP server and this script):`,
);
console.table(rows);
