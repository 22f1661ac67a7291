// The calendar words the configuration reads (DIGEST_DAY, SITE_TIME_ZONE) and the features that
// schedule by them use: kept here so the configuration depends on no feature.

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Whether `zone` is a time zone this runtime knows (an IANA name such as America/New_York). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
