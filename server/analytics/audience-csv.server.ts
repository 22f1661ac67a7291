import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { toCsv } from "../content/csv.ts";
import type { Period } from "./audience-period.server.ts";
import { downloadsReport, readersReport, subscribersReport } from "./audience-report.server.ts";

/** The Audience page's tables, each downloadable as CSV. */
export const AUDIENCE_TABLES = [
  "downloads-by-day",
  "downloads-by-episode",
  "downloads-by-app",
  "readers-by-day",
  "readers-by-page",
  "readers-by-source",
  "subscribers-by-day",
  "newsletter-sends",
] as const;
export type AudienceTable = (typeof AUDIENCE_TABLES)[number];

const s = (n: number | string) => String(n);

/** One table of the Audience page as CSV rows (a header, then the figures). */
export async function audienceCsv(db: Kysely<DB>, table: AudienceTable, period: Period): Promise<string> {
  switch (table) {
    case "downloads-by-day": {
      const r = await downloadsReport(db, period);
      return toCsv([["day", "downloads"], ...r.perDay.map((d) => [d.day, s(d.downloads)])]);
    }
    case "downloads-by-episode": {
      const r = await downloadsReport(db, period);
      return toCsv([
        [
          "episode_id",
          "title",
          "series",
          "published",
          "downloads_in_period",
          "first_7_days",
          "first_30_days",
          "all_time",
        ],
        ...r.episodes.map((e) => [
          s(e.id),
          e.title,
          e.series,
          e.date,
          s(e.downloads),
          s(e.first7Days),
          s(e.first30Days),
          s(e.allTime),
        ]),
      ]);
    }
    case "downloads-by-app": {
      const r = await downloadsReport(db, period);
      return toCsv([["app", "downloads"], ...r.apps.map((a) => [a.app, s(a.downloads)])]);
    }
    case "readers-by-day": {
      const r = await readersReport(db, period);
      return toCsv([["day", "page_views", "visitors"], ...r.perDay.map((d) => [d.day, s(d.views), s(d.visitors)])]);
    }
    case "readers-by-page": {
      const r = await readersReport(db, period);
      return toCsv([
        ["page", "page_views", "daily_visitors"],
        ...r.pages.map((p) => [p.path, s(p.views), s(p.visitors)]),
      ]);
    }
    case "readers-by-source": {
      const r = await readersReport(db, period);
      return toCsv([
        ["kind", "source", "page_views"],
        ...r.referrers.map((x) => ["referrer", x.label, s(x.views)]),
        ...r.campaigns.map((x) => ["campaign", x.label, s(x.views)]),
      ]);
    }
    case "subscribers-by-day": {
      const r = await subscribersReport(db, period);
      return toCsv([
        ["day", "sign_ups", "confirmations", "unsubscribes", "bounces"],
        ...r.perDay.map((d) => [d.day, s(d.signups), s(d.confirmations), s(d.unsubscribes), s(d.bounces)]),
      ]);
    }
    case "newsletter-sends": {
      const r = await subscribersReport(db, period);
      return toCsv([
        [
          "recap_id",
          "headline",
          "queued_at",
          "recipients",
          "delivered",
          "failed",
          "bounced",
          "unsubscribed",
          "opened",
          "clicked",
        ],
        ...r.sends.map((x) => [
          s(x.recapId),
          x.headline,
          x.queuedAt,
          s(x.recipients),
          s(x.delivered),
          s(x.failed),
          s(x.bounced),
          s(x.unsubscribed),
          s(x.opens),
          s(x.clicks),
        ]),
      ]);
    }
  }
}
