import { randomBytes } from "node:crypto";
import { openDatabase } from "#server/db/client.ts";
import type { TestDatabase } from "./databases.ts";

/**
 * A sending site for load tests: no demo content, mail to `smtpUrl`, paced at
 * `ratePerSecond`, publishing with `token`, looking for work five times a second.
 */
export const sendingSiteEnv = (
  testDb: TestDatabase,
  smtpUrl: string,
  token: string,
  ratePerSecond: number,
): Record<string, string> => ({
  ...testDb.env,
  ADMIN_TOKEN: token,
  SEED_DEMO: "false",
  SMTP_URL: smtpUrl,
  MAIL_FROM: "Proofline <recap@proofline.test>",
  SMTP_RATE_PER_SECOND: String(ratePerSecond),
  SCHEDULE_POLL_SECONDS: "0.2",
});

/** Publishes a recap dated today through the API (so it is mailed at once); returns the HTTP status. */
export async function publishTodaysRecap(
  url: string,
  token: string,
  headline: string,
  content: string,
): Promise<number> {
  const res = await fetch(`${url}/api/admin/recaps`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ date: new Date().toISOString().slice(0, 10), headline, content }),
  });
  return res.status;
}

/** Puts `count` confirmed subscribers (reader<n>@load.test) straight into a site's database, as years of sign-ups would. */
export async function addConfirmedSubscribers(testDb: TestDatabase, count: number): Promise<string[]> {
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  const now = new Date().toISOString();
  const emails = Array.from({ length: count }, (_, i) => `reader${i}@load.test`);
  try {
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < emails.length; i += 500) {
        await trx
          .insertInto("newsletter_subscribers")
          .values(
            emails.slice(i, i + 500).map((email) => ({
              email,
              status: "confirmed" as const,
              source: "home",
              requested_at: now,
              confirmed_at: now,
              unsubscribe_key: randomBytes(24).toString("base64url"),
            })),
          )
          .execute();
      }
    });
  } finally {
    await database.close();
  }
  return emails;
}

/** The queues of messages with a commit point: a recap's deliveries, a digest's (issue 42). */
export type DeliveryTable = "newsletter_deliveries" | "digest_deliveries";

/** How the deliveries of a queue stand, read from the database (a recap's by default). */
export async function deliveryCounts(
  testDb: TestDatabase,
  table: DeliveryTable = "newsletter_deliveries",
): Promise<Record<string, number>> {
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    const rows = await database.db
      .selectFrom(table)
      .select(["status", database.db.fn.countAll<string>().as("n")])
      .groupBy("status")
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  } finally {
    await database.close();
  }
}

/** What the database says of the deliveries to these addresses (a failed crash test prints it). */
export async function deliveriesOf(
  testDb: TestDatabase,
  emails: string[],
  table: DeliveryTable = "newsletter_deliveries",
) {
  if (!emails.length) return [];
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    return await database.db
      // Both tables have the same columns: typed as the recap's so one query serves both.
      .selectFrom(`${table} as d` as "newsletter_deliveries as d")
      .innerJoin("newsletter_subscribers as s", "s.id", "d.subscriber_id")
      .select(["d.id", "s.email", "d.status", "d.attempts", "d.owner", "d.sent_at", "d.last_error"])
      .where("s.email", "in", emails)
      .execute();
  } finally {
    await database.close();
  }
}
