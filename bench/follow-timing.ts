// npm run bench:follow-timing (issue 42): does the follow form answer a new address and a known one
// in the same time? The form must not tell whether an address is on the list, by its words (tested
// byte for byte in tests/api/follow.test.ts) or by its time. Through the real server, on SQLite and
// (with TEST_DATABASE_URL) PostgreSQL: ROUNDS pairs, alternating which goes first, each a new address
// (first follow: a row, a confirmation queued) and a known one (confirmed: the follow added at once).
// Prints the median, p90 and mean of each, and the medians' difference.
// Usage: node bench/follow-timing.ts [rounds, 300 by default]
import { COMPANIES } from "../server/content/companies.server.ts";
import { openDatabase } from "../server/db/client.ts";
import { freshDatabase, type Engine } from "../tests/support/databases.ts";
import { startServer } from "../tests/support/server.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";

const ROUNDS = Number(process.argv[2] ?? 300);
const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const KNOWN = "known@bench.test";

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function measure(engine: Engine) {
  const sink = await startSmtpSink();
  const testDb = await freshDatabase(engine);
  const server = await startServer({
    ...testDb.env,
    SITE_URL: "http://proofline.test",
    SMTP_URL: sink.url,
    MAIL_FROM: "Proofline <recap@proofline.test>",
    DIGEST_AUTO_SEND: "false",
    // The limits are proven by tests; here they would only stop the measurement.
    FOLLOW_RATE_PER_HOUR: "1000000",
  });
  const follow = async (email: string, item: number) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/follow`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, kind: "company", item: String(item), source: "profile" }),
    });
    await res.arrayBuffer();
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`POST /follow answered ${res.status}`);
    return took;
  };
  try {
    // The known address: followed once, then confirmed (as its link would), so later follows count at once.
    await follow(KNOWN, COMPANIES[0]!.id);
    const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await database.db.updateTable("newsletter_subscribers").set({ digest: "on" }).where("email", "=", KNOWN).execute();
    await database.close();
    for (let i = 0; i < 20; i++) await follow(`warm-${i}@bench.test`, COMPANIES[i % COMPANIES.length]!.id);

    const fresh: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const item = COMPANIES[i % COMPANIES.length]!.id;
      const pair: Array<[number[], string]> = [
        [fresh, `new-${i}@bench.test`],
        [known, KNOWN],
      ];
      if (i % 2) pair.reverse();
      for (const [into, email] of pair) into.push(await follow(email, item));
    }
    const row = (name: string, xs: number[]) =>
      `  ${name.padEnd(14)} median ${ms(quantile(xs, 0.5))}, p90 ${ms(quantile(xs, 0.9))}, mean ${ms(mean(xs))}`;
    console.log(`${engine}: ${ROUNDS} pairs`);
    console.log(row("new address", fresh));
    console.log(row("known address", known));
    console.log(`  medians differ by ${ms(quantile(fresh, 0.5) - quantile(known, 0.5))}`);
  } finally {
    await server.stop();
    await testDb.drop();
    await sink.stop();
  }
}

for (const engine of engines) await measure(engine);
