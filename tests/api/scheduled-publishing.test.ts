import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, ENGINES, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { testNow } from "../support/clock.ts";

const POLL = { SCHEDULE_POLL_SECONDS: "0.2" };

async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  for (const giveUp = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
  }
}

const publishedLogs = (server: RunningServer) =>
  server.logs.filter((l) => typeof l === "object" && l.msg === "scheduled item published").length;

// Two instances on one database, each running the scheduler, as a deployment runs them.
describe.each(ENGINES)("scheduled publishing with two instances on %s", (engine) => {
  let testDb: TestDatabase;
  let direct: Database;
  let a: RunningServer;
  let b: RunningServer | undefined;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    a = await startServer({ ...testDb.env, ...POLL });
    b = await startServer({ ...testDb.env, ...POLL, SEED_DEMO: "false" });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await direct?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.drop();
  });

  const count = async (
    table: "weekly_summaries" | "podcast_episodes" | "recap_drafts" | "episode_drafts" | "publications",
  ) =>
    Number(
      (
        await direct.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function schedule(recaps: number, episodes: number, at: Date, label: string) {
    const now = testNow().toISOString();
    const publish_at = at.toISOString();
    if (recaps)
      await direct.db
        .insertInto("recap_drafts")
        .values(
          Array.from({ length: recaps }, (_, i) => ({
            date: "2026-11-27",
            headline: `${label} recap ${i}`,
            content: "Sample content.",
            snippets: null,
            tags: null,
            blog_image: null,
            publish_at,
            updated_at: now,
          })),
        )
        .execute();
    if (episodes)
      await direct.db
        .insertInto("episode_drafts")
        .values(
          Array.from({ length: episodes }, (_, i) => ({
            date: "2026-11-27",
            title: `${label} episode ${i}`,
            description: "Sample content.",
            mp3_file: null,
            weekly_daily: "daily" as const,
            duration_seconds: null,
            byte_size: null,
            transcript: null,
            chapters: null,
            publish_at,
            updated_at: now,
          })),
        )
        .execute();
  }

  it("publishes every due draft once, on time, whichever instance gets it; nothing early, nothing twice", async () => {
    const recapsBefore = await count("weekly_summaries");
    const episodesBefore = await count("podcast_episodes");
    const at = new Date(testNow().getTime() + 2500);
    // More than one batch (20) of each kind, all due at the same moment.
    await schedule(45, 25, at, "Scheduled");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await count("weekly_summaries")).toBe(recapsBefore);

    await until(
      async () => (await count("recap_drafts")) === 0 && (await count("episode_drafts")) === 0,
      "the drafts to be published",
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(await count("weekly_summaries")).toBe(recapsBefore + 45);
    expect(await count("podcast_episodes")).toBe(episodesBefore + 25);
    const headlines = await direct.db
      .selectFrom("weekly_summaries")
      .select("headline")
      .where("headline", "like", "Scheduled recap %")
      .execute();
    expect(new Set(headlines.map((h) => h.headline)).size).toBe(45);
    expect(await count("publications")).toBe(70);
    // Each publication was logged once, by whichever instance made it. The logs come
    // through the servers' pipes, so wait for them (the count queries above may never
    // yield to the event loop), then give a late duplicate the time to show.
    const logged = () => publishedLogs(a) + publishedLogs(b!);
    await until(async () => logged() >= 70, "the publications to be logged", 5_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(logged()).toBe(70);
    // The published recaps are public at once, on both instances.
    for (const server of [a, b!]) {
      const list = (await (await fetch(`${server.url}/api/recaps?q=Scheduled%20recap`)).json()) as { total: number };
      expect(list.total).toBe(45);
    }
  });

  it("publishes what fell due while no instance ran as soon as one starts", async () => {
    await Promise.all([a.stop(), b!.stop()]);
    b = undefined;
    await schedule(3, 2, new Date(testNow().getTime() - 60_000), "Overdue");
    a = await startServer({ ...testDb.env, ...POLL, SEED_DEMO: "false" });
    await until(
      async () => (await count("recap_drafts")) === 0 && (await count("episode_drafts")) === 0,
      "the overdue drafts to be published",
      10_000,
    );
    const list = (await (await fetch(`${a.url}/api/recaps?q=Overdue`)).json()) as { total: number };
    expect(list.total).toBe(3);
    expect(await count("publications")).toBe(75);
  });
});
