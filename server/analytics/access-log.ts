import type { AudioHit } from "./download-store.server.ts";
import { isBotAgent } from "./user-agents.ts";

// Combined Log Format (Apache and nginx "combined"; CloudFront, Bunny, Fastly and most CDNs can write it):
// 203.0.113.9 - - [20/Nov/2026:08:00:01 +0000] "GET /podcast-episodes/a.mp3 HTTP/1.1" 206 1048576 "-" "Overcast/3.0 (…)"
const LINE =
  /^(\S+) \S+ \S+ \[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})\] "(\S+) (\S+)[^"]*" (\d{3}) (\d+|-)(?: "[^"]*" "((?:[^"\\]|\\.)*)")?/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const BUCKET_PATH = /(?:^|\/)podcast-episodes\/([^?#]+)/;

export type LogLine =
  { kind: "audio"; hit: AudioHit } | { kind: "skipped"; why: "unreadable" | "not-audio" | "not-listening" };

/** One log line as an audio request, or why it is not one (another file, HEAD, a probe, a bot, an error). */
export function readLogLine(line: string): LogLine {
  const m = LINE.exec(line);
  if (!m) return { kind: "skipped", why: "unreadable" };
  const [, address, dd, mon, yyyy, hh, mi, ss, zone, method, target, status, size, userAgent] = m;
  const month = MONTHS.indexOf(mon!);
  const path = BUCKET_PATH.exec(target!);
  if (month < 0) return { kind: "skipped", why: "unreadable" };
  if (!path) return { kind: "skipped", why: "not-audio" };
  const bytes = size === "-" ? 0 : Number(size);
  const ua = (userAgent ?? "").replace(/\\"/g, '"');
  if (method !== "GET" || (status !== "200" && status !== "206") || bytes <= 2 || isBotAgent(ua))
    return { kind: "skipped", why: "not-listening" };
  const offset = (zone!.startsWith("-") ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(3, 5)));
  const at = new Date(Date.UTC(Number(yyyy), month, Number(dd), Number(hh), Number(mi), Number(ss)) - offset * 60_000);
  let file: string;
  try {
    file = decodeURIComponent(path[1]!);
  } catch {
    return { kind: "skipped", why: "unreadable" };
  }
  return { kind: "audio", hit: { at, file, address: address!, userAgent: ua, bytes } };
}
