import type { AudioHit } from "./download-store.ts";
import { isBotAgent } from "./user-agents.ts";

// Combined Log Format (Apache and nginx "combined"; CloudFront, Bunny, Fastly and most CDNs can write it):
// 203.0.113.9 - - [20/Nov/2026:08:00:01 +0000] "GET /podcast-episodes/a.mp3 HTTP/1.1" 206 1048576 "-" "Overcast/3.0 (…)"
const LINE =
  /^(\S+) \S+ \S+ \[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})\] "(\S+) (\S+)[^"]*" (\d{3}) (\d+|-)(?: "[^"]*" "((?:[^"\\]|\\.)*)")?/;
/** A log line's instant must fall after this and before tomorrow: outside, its date is a typo or forged. */
const EARLIEST = Date.UTC(2000, 0, 1);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const BUCKET_PATH = /(?:^|\/)podcast-episodes\/([^?#]+)/;

export type LogLine =
  { kind: "audio"; hit: AudioHit } | { kind: "skipped"; why: "unreadable" | "not-audio" | "not-listening" };

/**
 * The instant a log line gives, or undefined when it names none: a day its month does not
 * have (31 February), an hour past 23, a zone past ±14:00, a year before 2000 or after
 * tomorrow. Date.UTC would roll 31 February over to 3 March, and read year 0000 as 1900.
 */
function instantOf(
  stamp: { yyyy: string; month: number; dd: string; hh: string; mi: string; ss: string; zone: string },
  now: Date,
): Date | undefined {
  const year = Number(stamp.yyyy);
  const day = Number(stamp.dd);
  const [hour, minute, second] = [Number(stamp.hh), Number(stamp.mi), Number(stamp.ss)];
  const [zoneHours, zoneMinutes] = [Number(stamp.zone.slice(1, 3)), Number(stamp.zone.slice(3, 5))];
  if (hour > 23 || minute > 59 || second > 59 || zoneHours > 14 || zoneMinutes > 59) return undefined;
  const local = new Date(Date.UTC(year, stamp.month, day, hour, minute, second));
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== stamp.month || local.getUTCDate() !== day)
    return undefined;
  const offset = (stamp.zone.startsWith("-") ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  const at = new Date(local.getTime() - offset * 60_000);
  return at.getTime() < EARLIEST || at.getTime() > now.getTime() + 86_400_000 ? undefined : at;
}

/** One log line as an audio request, or why it is not one (another file, HEAD, a probe, a bot, an error). */
export function readLogLine(line: string, now = new Date()): LogLine {
  const m = LINE.exec(line);
  if (!m) return { kind: "skipped", why: "unreadable" };
  const [, address, dd, mon, yyyy, hh, mi, ss, zone, method, target, status, size, userAgent] = m;
  const month = MONTHS.indexOf(mon!);
  const at =
    month < 0 ? undefined : instantOf({ yyyy: yyyy!, month, dd: dd!, hh: hh!, mi: mi!, ss: ss!, zone: zone! }, now);
  if (!at) return { kind: "skipped", why: "unreadable" };
  const path = BUCKET_PATH.exec(target!);
  if (!path) return { kind: "skipped", why: "not-audio" };
  const bytes = size === "-" ? 0 : Number(size);
  const ua = (userAgent ?? "").replace(/\\"/g, '"');
  if (method !== "GET" || (status !== "200" && status !== "206") || bytes <= 2 || isBotAgent(ua))
    return { kind: "skipped", why: "not-listening" };
  let file: string;
  try {
    file = decodeURIComponent(path[1]!);
  } catch {
    return { kind: "skipped", why: "unreadable" };
  }
  return { kind: "audio", hit: { at, file, address: address!, userAgent: ua, bytes } };
}
