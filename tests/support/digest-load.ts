import { randomBytes } from "node:crypto";
import { openDatabase } from "#server/db/client.ts";
import type { FollowKind } from "#common/follows/follow-item.ts";
import type { TestDatabase } from "./databases.ts";
import { deliveriesOf, deliveryCounts } from "./newsletter-load.ts";

/**
 * Puts `count` readers (follower<n>@load.test) whose digest is on straight into a site's database,
 * each following `follows` (kind and key), as months of follows would; they never asked for the recap.
 */
export async function addFollowers(
  testDb: TestDatabase,
  count: number,
  follows: ReadonlyArray<{ kind: FollowKind; item: string }>,
): Promise<string[]> {
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  const now = new Date().toISOString();
  const emails = Array.from({ length: count }, (_, i) => `follower${i}@load.test`);
  try {
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < emails.length; i += 500) {
        const rows = await trx
          .insertInto("newsletter_subscribers")
          .values(
            emails.slice(i, i + 500).map((email) => ({
              email,
              status: "none" as const,
              digest: "on" as const,
              source: "profile",
              requested_at: now,
              confirmed_at: now,
              unsubscribe_key: randomBytes(24).toString("base64url"),
            })),
          )
          .returning("id")
          .execute();
        await trx
          .insertInto("reader_follows")
          .values(rows.flatMap((r) => follows.map((f) => ({ subscriber_id: r.id, ...f, created_at: now }))))
          .execute();
      }
    });
  } finally {
    await database.close();
  }
  return emails;
}

/** Asks a site for the weekly digest now (`hub digest send`); returns the run's id. */
export async function sendDigestNow(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/admin/digest/send`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status !== 202) throw new Error(`digest send answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { run: { id: number } }).run.id;
}

/** How the digests' deliveries stand, read from the database. */
export const digestCounts = (testDb: TestDatabase) => deliveryCounts(testDb, "digest_deliveries");

/** What the database says of the digests to these addresses (a failed crash test prints it). */
export const digestDeliveriesOf = (testDb: TestDatabase, emails: string[]) =>
  deliveriesOf(testDb, emails, "digest_deliveries");
