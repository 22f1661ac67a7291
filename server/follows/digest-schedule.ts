// When the weekly digest goes out (issue 42): a day and an hour in the site's time zone
// (DIGEST_DAY, DIGEST_HOUR, SITE_TIME_ZONE), Monday 07:00 by default. Worked out with
// @date-fns/tz, so a change of daylight-saving time keeps the hour on the wall clock.
import { TZDate } from "@date-fns/tz";
import { WEEKDAYS, type Weekday } from "../calendar.ts";

export interface DigestSchedule {
  day: Weekday;
  hour: number;
  timeZone: string;
}

/** The latest scheduled moment at or before `now`. */
export function lastScheduled(schedule: DigestSchedule, now: Date): Date {
  const local = new TZDate(now.getTime(), schedule.timeZone);
  const back = (local.getDay() - WEEKDAYS.indexOf(schedule.day) + 7) % 7;
  const at = (daysBack: number) =>
    new Date(
      new TZDate(
        local.getFullYear(),
        local.getMonth(),
        local.getDate() - daysBack,
        schedule.hour,
        0,
        0,
        schedule.timeZone,
      ).getTime(),
    );
  const candidate = at(back);
  return candidate.getTime() <= now.getTime() ? candidate : at(back + 7);
}
