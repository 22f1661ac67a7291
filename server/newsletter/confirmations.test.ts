import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { claimConfirmation, queueConfirmation } from "./confirmations.ts";
import { requestSubscription } from "./subscribers.server.ts";

// Only PostgreSQL locks rows; SQLite has one writer at a time and cannot deadlock.
describe.runIf(ENGINES.includes("postgres"))("a confirmation claimed while its address asks again, on postgres", () => {
  const handle = migratedDatabaseForTests("postgres");

  it("neither deadlocks: the request waits for the claim or the claim for the request, and both succeed", async () => {
    const db = handle.database.db;
    const first = await requestSubscription(db, "again@example.com", "footer");
    if (first.kind !== "queued") throw new Error("a new address is queued");
    const someoneWaitsForALock = async () => {
      for (const giveUp = Date.now() + 10_000; Date.now() < giveUp; await new Promise((r) => setTimeout(r, 20))) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        if (rows[0]!.n > 0) return;
      }
      throw new Error("the claim never waited for the address");
    };
    let claim: ReturnType<typeof claimConfirmation> | undefined;
    // The order of a subscribe or follow request: the address first, then its confirmation row,
    // with the sender's claim arriving between the two.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("newsletter_subscribers")
        .set({ requested_at: new Date().toISOString() })
        .where("id", "=", first.subscriberId)
        .execute();
      claim = claimConfirmation(db, "sender", 60_000);
      await someoneWaitsForALock();
      await queueConfirmation(trx, first.subscriberId, new Date());
    });
    const mail = await claim!;
    expect(mail).toMatchObject({ email: "again@example.com", asked: "recap" });
  });
});
