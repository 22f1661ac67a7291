import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENTS_PER_NETWORK,
  OTHER_SOURCE,
  SOURCES_PER_DAY,
  VIEWS_PER_VISITOR_DAY,
} from "#server/analytics/audience-limits.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { freshDatabase, ENGINES, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Issue 38, point 5: one client could inflate the audience figures. 300 requests from one
// address, each with a new user agent, counted 300 downloads; every new referrer or campaign
// became a row kept for ever. Each limit gets a burst of at least twice itself, sent at once
// to two instances on one database, and the test counts what was stored.
const TOKEN = "audience-burst-admin-token-0123456789";
const FLUSH = { ANALYTICS_FLUSH_SECONDS: "0.1", TRUST_PROXY: "1", ADMIN_TOKEN: TOKEN };
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const overcast = (i: number) => `Overcast/3.${i} (+http://overcast.fm/; iOS podcast app)`;
const BURST = 300;

interface Episode {
  id: number;
  audio_url: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)("one client's share of the audience figures on %s", (engine) => {
  let testDb: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let direct: Database;
  let episodes: Episode[];

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    a = await startServer({ ...testDb.env, ...FLUSH });
    b = await startServer({ ...testDb.env, ...FLUSH, SEED_DEMO: "false" });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const list = (await (await fetch(`${a.url}/api/episodes?limit=50`)).json()) as { episodes: Episode[] };
    episodes = list.episodes.filter((e) => e.audio_url);
    expect(episodes.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await direct?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.drop();
  });

  /** Half the burst to each instance: a client's requests may reach any of them. */
  const server = (i: number) => (i % 2 ? b : a);
  async function listen(i: number, e: Episode, address: string, agent: string) {
    const res = await fetch(`${server(i).url}${new URL(e.audio_url, "http://x").pathname}`, {
      headers: { "User-Agent": agent, "X-Forwarded-For": address },
    });
    await res.arrayBuffer();
    return res.status;
  }
  async function read(i: number, path: string, address: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server(i).url}${path}`, {
      headers: { "User-Agent": CHROME, "X-Forwarded-For": address, Accept: "text/html", ...headers },
    });
    await res.arrayBuffer();
    return res.status;
  }
  const downloadsOf = async (episodeId: number) =>
    Number(
      (
        await direct.db
          .selectFrom("download_daily")
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("downloads"), eb.lit(0)).as("n"))
          .where("episode_id", "=", episodeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const windowsOf = async (episodeId: number) =>
    Number(
      (
        await direct.db
          .selectFrom("download_windows")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("episode_id", "=", episodeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const today = () => new Date().toISOString().slice(0, 10);
  const daily = async (path: string) =>
    (await direct.db
      .selectFrom("reader_daily")
      .select(["views", "visitors"])
      .where("day", "=", today())
      .where("path", "=", path)
      .executeTakeFirst()) ?? { views: 0, visitors: 0 };
  /** Waits until a figure reaches what is expected, then long enough for any late batch to add to it. */
  async function settle<T>(figure: () => Promise<T>, reached: (v: T) => boolean): Promise<T> {
    for (const giveUp = Date.now() + 20_000; !reached(await figure()); await sleep(100)) if (Date.now() > giveUp) break;
    await sleep(800);
    return figure();
  }

  it(`counts ${BURST} user agents from one address as ${AGENTS_PER_NETWORK} listeners and its rest, and a listener sent among them`, async () => {
    const e = episodes[0]!;
    const statuses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        i === BURST / 2 ? listen(i, e, "198.51.100.77", overcast(9_999)) : listen(i, e, "203.0.113.50", overcast(i)),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    const downloads = await settle(
      () => downloadsOf(e.id),
      (n) => n >= AGENTS_PER_NETWORK + 2,
    );
    expect(downloads).toBe(AGENTS_PER_NETWORK + 1 + 1);
    // The work stored: a window per counted client, not one per user agent.
    expect(await windowsOf(e.id)).toBe(AGENTS_PER_NETWORK + 1 + 1);
  });

  it("counts an IPv6 client rotating through its /64 as one network", async () => {
    const e = episodes[1]!;
    const statuses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => listen(i, e, `2001:db8:77:1::${(i + 1).toString(16)}`, overcast(1))),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    const downloads = await settle(
      () => downloadsOf(e.id),
      (n) => n >= AGENTS_PER_NETWORK + 1,
    );
    expect(downloads).toBe(AGENTS_PER_NETWORK + 1);
    expect(await windowsOf(e.id)).toBe(AGENTS_PER_NETWORK + 1);
  });

  it(`counts one address's readers as ${AGENTS_PER_NETWORK} and its rest, each up to ${VIEWS_PER_VISITOR_DAY} views a day`, async () => {
    const statuses = await Promise.all([
      ...Array.from({ length: BURST }, (_, i) =>
        read(i, "/recap", "203.0.113.60", { "User-Agent": `${CHROME} r/${i}` }),
      ),
      ...Array.from({ length: 2 * VIEWS_PER_VISITOR_DAY + 50 }, (_, i) => read(i, "/podcast", "203.0.113.61")),
    ]);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const recap = await settle(
      () => daily("/recap"),
      (d) => d.visitors >= AGENTS_PER_NETWORK + 1,
    );
    // Ten readers with a view each; the rest made 290 views, of which 200 count.
    expect(recap).toEqual({ views: AGENTS_PER_NETWORK + VIEWS_PER_VISITOR_DAY, visitors: AGENTS_PER_NETWORK + 1 });
    expect(
      await settle(
        () => daily("/podcast"),
        (d) => d.views >= VIEWS_PER_VISITOR_DAY,
      ),
    ).toEqual({
      views: VIEWS_PER_VISITOR_DAY,
      visitors: 1,
    });
    const clients = await direct.db
      .selectFrom("reader_clients")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(clients.n)).toBe(AGENTS_PER_NETWORK + 1 + 1);
  });

  it(`names ${SOURCES_PER_DAY} referrers and campaigns a day; a crowd of new ones is counted as ${OTHER_SOURCE}`, async () => {
    const crowd = 2 * SOURCES_PER_DAY + 50;
    const statuses = await Promise.all(
      Array.from({ length: crowd }, (_, i) =>
        read(i, `/podcast?utm_source=s${i}&utm_medium=m&utm_campaign=c`, `10.${i >> 8}.${i & 255}.1`, {
          Referer: `https://site-${i}.example/page`,
        }),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    const rows = (kind: "referrer" | "campaign") =>
      direct.db
        .selectFrom("reader_sources")
        .select(["label", "views"])
        .where("day", "=", today())
        .where("kind", "=", kind)
        .execute();
    for (const kind of ["referrer", "campaign"] as const) {
      const stored = await settle(
        () => rows(kind),
        (r) => r.reduce((n, x) => n + x.views, 0) >= crowd,
      );
      expect(stored.reduce((n, x) => n + x.views, 0)).toBe(crowd);
      expect(stored).toHaveLength(SOURCES_PER_DAY + 1);
      expect(stored.find((x) => x.label === OTHER_SOURCE)).toEqual({
        label: OTHER_SOURCE,
        views: crowd - SOURCES_PER_DAY,
      });
    }
    // The report still lists the day's top sources, the rest as one.
    const res = await fetch(`${a.url}/api/admin/stats/readers?days=1`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const report = (await res.json()) as { referrers: { label: string; views: number }[] };
    expect(report.referrers[0]).toEqual({ label: OTHER_SOURCE, views: crowd - SOURCES_PER_DAY });
  });
});
