import { afterEach, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { AGENTS_PER_NETWORK, noWrites, WRITE_CHUNK } from "./audience-limits.ts";
import { DailySalts } from "./daily-salts.ts";
import { recordAudioHits, type AudioHit } from "./download-store.ts";

const HOUR = 3_600_000;
// 22:00 UTC: a listener's window opened now spans midnight.
const START = Date.UTC(2026, 10, 20, 22);
const SIZE = 6_000_000; // a 5-minute episode: a minute is 1,200,000 bytes
const APPLE = "AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)";

// The IAB rules as the database applies them, batch after batch, on both engines:
// the 24-hour window (across midnight, where the hash's salt changes), and a minute of audio.
describe.each(ENGINES)("downloads in the database on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    await testDb?.drop();
  });

  async function open() {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    await database.db
      .insertInto("podcast_episodes")
      .values({
        date: "2026-11-20",
        title: "Five minutes",
        description: "Sample content.",
        mp3_file: "five.mp3",
        weekly_daily: "daily",
        duration_seconds: 300,
        byte_size: SIZE,
        guid: "five",
        external_key: null,
        transcript: null,
        chapters: null,
        tags: null,
      })
      .execute();
    return new DailySalts(database.db);
  }
  const hit = (hours: number, bytes: number, address = "198.51.100.7"): AudioHit => ({
    at: new Date(START + hours * HOUR),
    file: "five.mp3",
    address,
    userAgent: APPLE,
    bytes,
  });
  const daily = async () =>
    (await database.db.selectFrom("download_daily").select(["day", "downloads"]).orderBy("day").execute()).map((r) => [
      r.day,
      r.downloads,
    ]);

  it("counts a listener once per 24 hours from their first request, across midnight", async () => {
    const salts = await open();
    expect(await recordAudioHits(database.db, salts, [hit(0, 600_000)])).toBe(0); // half a minute
    expect(await recordAudioHits(database.db, salts, [hit(3, 700_000)])).toBe(1); // after midnight: the same window
    expect(await recordAudioHits(database.db, salts, [hit(23.5, SIZE)])).toBe(0); // still within 24 hours
    expect(await recordAudioHits(database.db, salts, [hit(24.5, SIZE)])).toBe(1); // a new window
    expect(await daily()).toEqual([
      ["2026-11-20", 1],
      ["2026-11-21", 1],
    ]);
    const windows = await database.db.selectFrom("download_windows").select(["requests", "counted"]).execute();
    expect(windows).toEqual(
      expect.arrayContaining([
        { requests: 3, counted: 1 },
        { requests: 1, counted: 1 },
      ]),
    );
  });

  it("never counts less than a minute of audio, and ignores files no episode plays", async () => {
    const salts = await open();
    const small = Array.from({ length: 5 }, (_, i) => hit(i, 200_000));
    expect(await recordAudioHits(database.db, salts, small)).toBe(0);
    expect(await recordAudioHits(database.db, salts, [{ ...hit(6, SIZE), file: "not-an-episode.mp3" }])).toBe(0);
    expect(await daily()).toEqual([]);
    // Another address is another listener, however alike their requests.
    expect(await recordAudioHits(database.db, salts, [hit(7, SIZE, "198.51.100.8")])).toBe(1);
  });

  // Issue 38, point 5: one address rotating its user agent counted a download per agent.
  it(`counts a network as ${AGENTS_PER_NETWORK} clients and its rest, across batches and days`, async () => {
    const salts = await open();
    const agent = (i: number, hours = 0, address = "203.0.113.7") => ({
      ...hit(hours + i / 100_000, SIZE, address),
      userAgent: `Overcast/${i}.0`,
    });
    expect(await recordAudioHits(database.db, salts, [agent(0), agent(1)])).toBe(2);
    // Twice the limit in the next batch: eight more agents, then its rest once.
    expect(
      await recordAudioHits(
        database.db,
        salts,
        Array.from({ length: 20 }, (_, i) => agent(i + 2, 1)),
      ),
    ).toBe(AGENTS_PER_NETWORK - 2 + 1);
    expect(
      await recordAudioHits(
        database.db,
        salts,
        Array.from({ length: 300 }, (_, i) => agent(i + 100, 2)),
      ),
    ).toBe(0);
    // An IPv6 client rotating its address within its /64 is one network too.
    const v6 = Array.from({ length: 40 }, (_, i) => agent(0, 3, `2001:db8:aa:1::${(i + 1).toString(16)}`));
    expect(await recordAudioHits(database.db, salts, v6)).toBe(AGENTS_PER_NETWORK + 1);
    // Past midnight, still within 24 hours of the first window: found through yesterday's hashes.
    expect(
      await recordAudioHits(
        database.db,
        salts,
        Array.from({ length: 30 }, (_, i) => agent(i + 500, 4)),
      ),
    ).toBe(0);
    // A day later the network's clients count again.
    expect(
      await recordAudioHits(
        database.db,
        salts,
        Array.from({ length: 30 }, (_, i) => agent(i + 900, 25)),
      ),
    ).toBe(AGENTS_PER_NETWORK + 1);
    const networks = await database.db.selectFrom("download_windows").select("network").distinct().execute();
    expect(networks.every((n) => typeof n.network === "string" && n.network.length === 22)).toBe(true);
  }, 60_000);

  it("writes a crowd's batch a chunk per transaction", async () => {
    const salts = await open();
    const stats = noWrites();
    const crowd = Array.from({ length: 1_234 }, (_, i) => hit(i / 10_000, SIZE, `10.0.${i >> 8}.${i & 255}`));
    expect(await recordAudioHits(database.db, salts, crowd, stats)).toBe(1_234);
    expect(stats).toMatchObject({ events: 1_234, chunks: Math.ceil(1_234 / WRITE_CHUNK), largestChunk: WRITE_CHUNK });
  }, 60_000);
});
