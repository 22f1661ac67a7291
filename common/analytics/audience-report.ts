/** The periods the Audience page offers, in days. */
export const PERIOD_CHOICES = [7, 30, 90, 365] as const;

/** A span of whole UTC days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** Downloads counted by the IAB rules (docs/analytics.md). */
export interface DownloadsReport {
  period: Period;
  total: number;
  perDay: { day: string; downloads: number }[];
  episodes: {
    id: number;
    title: string;
    series: "daily" | "weekly";
    date: string;
    downloads: number;
    first7Days: number;
    first30Days: number;
    allTime: number;
  }[];
  apps: { app: string; downloads: number }[];
  platforms: { platform: string; downloads: number }[];
  series: { series: "daily" | "weekly"; downloads: number }[];
}

export interface ReadersReport {
  period: Period;
  views: number;
  /** The sum of each day's unique visitors (a visitor is known for a day only). */
  visitorDays: number;
  perDay: { day: string; views: number; visitors: number }[];
  pages: { path: string; views: number; visitors: number }[];
  referrers: { label: string; views: number }[];
  campaigns: { label: string; views: number }[];
}

export interface SubscribersReport {
  period: Period;
  now: { pending: number; confirmed: number; unsubscribed: number; bounced: number };
  perDay: { day: string; signups: number; confirmations: number; unsubscribes: number; bounces: number }[];
  sends: {
    id: number;
    recapId: number;
    headline: string;
    queuedAt: string;
    recipients: number;
    delivered: number;
    failed: number;
    bounced: number;
    unsubscribed: number;
    /** Subscribers who opened (or clicked): counted only with NEWSLETTER_TRACKING. */
    opens: number;
    /** Subscribers who clicked a link: counted only with NEWSLETTER_TRACKING. */
    clicks: number;
  }[];
}
