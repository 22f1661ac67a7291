import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { DB } from "../db/schema.ts";
import type { DownloadsReport, ReadersReport, SubscribersReport } from "#common/analytics/audience-report.ts";
import { daysOf, type Period } from "./audience-period.server.ts";
import { addDays } from "./utc-days.ts";
import { WHOLE_SITE } from "./reader-store.ts";

export type { DownloadsReport, ReadersReport, SubscribersReport };

const n = (v: unknown) => Number(v ?? 0);
const TOP = 50;

/** Downloads (IAB) over a period: per day, per episode (with its first 7 and 30 days), per app, platform and series. */
export async function downloadsReport(db: Kysely<DB>, period: Period): Promise<DownloadsReport> {
  const inPeriod = db.selectFrom("download_daily").where("day", ">=", period.from).where("day", "<=", period.to);
  const appsInPeriod = db
    .selectFrom("download_apps_daily")
    .where("day", ">=", period.from)
    .where("day", "<=", period.to);
  const [daily, perEpisode, apps, platforms] = await Promise.all([
    inPeriod
      .select(["day", (eb) => eb.fn.sum<number>("downloads").as("downloads")])
      .groupBy("day")
      .execute(),
    inPeriod
      .select(["episode_id", (eb) => eb.fn.sum<number>("downloads").as("downloads")])
      .groupBy("episode_id")
      .orderBy(sql`sum(downloads)`, "desc")
      .orderBy("episode_id", "desc")
      .limit(TOP)
      .execute(),
    appsInPeriod
      .select(["app", (eb) => eb.fn.sum<number>("downloads").as("downloads")])
      .groupBy("app")
      .orderBy(sql`sum(downloads)`, "desc")
      .execute(),
    appsInPeriod
      .select(["platform", (eb) => eb.fn.sum<number>("downloads").as("downloads")])
      .groupBy("platform")
      .orderBy(sql`sum(downloads)`, "desc")
      .execute(),
  ]);
  const ids = perEpisode.map((e) => e.episode_id);
  const [episodes, history, series] = await Promise.all([
    ids.length
      ? db
          .selectFrom("podcast_episodes")
          .select(["id", "title", "weekly_daily", "date"])
          .where("id", "in", ids)
          .execute()
      : Promise.resolve([]),
    ids.length
      ? db
          .selectFrom("download_daily")
          .select(["episode_id", "day", (eb) => eb.fn.sum<number>("downloads").as("downloads")])
          .where("episode_id", "in", ids)
          .groupBy(["episode_id", "day"])
          .execute()
      : Promise.resolve([]),
    inPeriod
      .innerJoin("podcast_episodes", "podcast_episodes.id", "download_daily.episode_id")
      .select([
        "podcast_episodes.weekly_daily as series",
        (eb) => eb.fn.sum<number>("download_daily.downloads").as("downloads"),
      ])
      .groupBy("podcast_episodes.weekly_daily")
      .execute(),
  ]);
  const byId = new Map(episodes.map((e) => [e.id, e]));
  const byDay = new Map(daily.map((d) => [d.day, n(d.downloads)]));
  return {
    period,
    total: [...byDay.values()].reduce((a, b) => a + b, 0),
    perDay: daysOf(period).map((day) => ({ day, downloads: byDay.get(day) ?? 0 })),
    episodes: perEpisode.flatMap((row) => {
      const e = byId.get(row.episode_id);
      if (!e) return [];
      const own = history.filter((h) => h.episode_id === e.id);
      const within = (days: number) =>
        own
          .filter((h) => h.day >= e.date && h.day <= addDays(e.date, days - 1))
          .reduce((a, h) => a + n(h.downloads), 0);
      return [
        {
          id: e.id,
          title: e.title,
          series: e.weekly_daily,
          date: e.date,
          downloads: n(row.downloads),
          first7Days: within(7),
          first30Days: within(30),
          allTime: own.reduce((a, h) => a + n(h.downloads), 0),
        },
      ];
    }),
    apps: apps.map((a) => ({ app: a.app, downloads: n(a.downloads) })),
    platforms: platforms.map((p) => ({ platform: p.platform, downloads: n(p.downloads) })),
    series: series.map((s) => ({ series: s.series, downloads: n(s.downloads) })),
  };
}

/** Page views and unique visitors over a period: per day, the top pages, referring sites and campaigns. */
export async function readersReport(db: Kysely<DB>, period: Period): Promise<ReadersReport> {
  const daily = db.selectFrom("reader_daily").where("day", ">=", period.from).where("day", "<=", period.to);
  const sources = (kind: "referrer" | "campaign") =>
    db
      .selectFrom("reader_sources")
      .select(["label", (eb) => eb.fn.sum<number>("views").as("views")])
      .where("kind", "=", kind)
      .where("day", ">=", period.from)
      .where("day", "<=", period.to)
      .groupBy("label")
      .orderBy(sql`sum(views)`, "desc")
      .orderBy("label")
      .limit(20)
      .execute();
  const [site, pages, referrers, campaigns] = await Promise.all([
    daily.select(["day", "views", "visitors"]).where("path", "=", WHOLE_SITE).execute(),
    daily
      .select([
        "path",
        (eb) => eb.fn.sum<number>("views").as("views"),
        (eb) => eb.fn.sum<number>("visitors").as("visitors"),
      ])
      .where("path", "!=", WHOLE_SITE)
      .groupBy("path")
      .orderBy(sql`sum(views)`, "desc")
      .orderBy("path")
      .limit(TOP)
      .execute(),
    sources("referrer"),
    sources("campaign"),
  ]);
  const byDay = new Map(site.map((d) => [d.day, d]));
  const perDay = daysOf(period).map((day) => ({
    day,
    views: n(byDay.get(day)?.views),
    visitors: n(byDay.get(day)?.visitors),
  }));
  return {
    period,
    views: perDay.reduce((a, d) => a + d.views, 0),
    visitorDays: perDay.reduce((a, d) => a + d.visitors, 0),
    perDay,
    pages: pages.map((p) => ({ path: p.path, views: n(p.views), visitors: n(p.visitors) })),
    referrers: referrers.map((r) => ({ label: r.label, views: n(r.views) })),
    campaigns: campaigns.map((r) => ({ label: r.label, views: n(r.views) })),
  };
}

/**
 * Newsletter figures from the subscription records themselves: sign-ups,
 * confirmations, unsubscribes and bounces per day, and for each send its
 * deliveries, failures, and the bounces and unsubscribes among its recipients
 * before the next send went out.
 */
export async function subscribersReport(db: Kysely<DB>, period: Period): Promise<SubscribersReport> {
  const start = `${period.from}T00:00:00.000Z`;
  const end = `${addDays(period.to, 1)}T00:00:00.000Z`;
  const [people, statuses, sends] = await Promise.all([
    db
      .selectFrom("newsletter_subscribers")
      .select(["requested_at", "confirmed_at", "unsubscribed_at", "bounced_at"])
      .where("status", "<>", "none")
      .where((eb) =>
        eb.or(
          (["requested_at", "confirmed_at", "unsubscribed_at", "bounced_at"] as const).map((c) =>
            eb.and([eb(c, ">=", start), eb(c, "<", end)]),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom("newsletter_subscribers")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("newsletter_sends")
      .innerJoin("weekly_summaries", "weekly_summaries.id", "newsletter_sends.recap_id")
      .select([
        "newsletter_sends.id",
        "newsletter_sends.recap_id",
        "newsletter_sends.queued_at",
        "newsletter_sends.recipients",
        "weekly_summaries.headline",
      ])
      .where("newsletter_sends.queued_at", "<", end)
      .orderBy("newsletter_sends.queued_at")
      .execute(),
  ]);
  const perDay = new Map(
    daysOf(period).map((day) => [day, { day, signups: 0, confirmations: 0, unsubscribes: 0, bounces: 0 }]),
  );
  for (const p of people)
    for (const [column, field] of [
      [p.requested_at, "signups"],
      [p.confirmed_at, "confirmations"],
      [p.unsubscribed_at, "unsubscribes"],
      [p.bounced_at, "bounces"],
    ] as const) {
      const row = column ? perDay.get(String(column).slice(0, 10)) : undefined;
      if (row) row[field] += 1;
    }
  const now = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
  // An address given only to follow (issue 42) never asked for the recap: it is no subscriber of it.
  for (const s of statuses) if (s.status !== "none") now[s.status] = n(s.n);

  const shown = sends.filter((s) => s.queued_at >= start);
  const out: SubscribersReport["sends"] = [];
  for (const s of shown) {
    const next = sends.find((o) => o.queued_at > s.queued_at)?.queued_at ?? "9999-12-31T00:00:00.000Z";
    const counts = await db
      .selectFrom("newsletter_deliveries")
      .innerJoin("newsletter_subscribers", "newsletter_subscribers.id", "newsletter_deliveries.subscriber_id")
      .select((eb) => {
        // How many of this send's recipients a condition holds for.
        const howMany = (holds: Expression<SqlBool>) => eb.fn.sum<number>(eb.case().when(holds).then(1).else(0).end());
        const between = (column: "bounced_at" | "unsubscribed_at") =>
          eb.and([eb(column, ">=", s.queued_at), eb(column, "<", next)]);
        return [
          howMany(eb("newsletter_deliveries.status", "=", "sent")).as("delivered"),
          howMany(eb("newsletter_deliveries.status", "=", "failed")).as("failed"),
          howMany(between("bounced_at")).as("bounced"),
          howMany(between("unsubscribed_at")).as("unsubscribed"),
        ];
      })
      .where("newsletter_deliveries.send_id", "=", s.id)
      .executeTakeFirst();
    const engaged = await db
      .selectFrom("newsletter_engagement")
      .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
      .where("send_id", "=", s.id)
      .groupBy("kind")
      .execute();
    out.push({
      id: s.id,
      recapId: s.recap_id,
      headline: s.headline,
      queuedAt: s.queued_at,
      recipients: n(s.recipients),
      delivered: n(counts?.delivered),
      failed: n(counts?.failed),
      bounced: n(counts?.bounced),
      unsubscribed: n(counts?.unsubscribed),
      opens: n(engaged.find((e) => e.kind === "open")?.n),
      clicks: n(engaged.find((e) => e.kind === "click")?.n),
    });
  }
  return { period, now, perDay: [...perDay.values()], sends: out.reverse() };
}
