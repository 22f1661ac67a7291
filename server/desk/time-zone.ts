const parts = (zone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });

/** How far `zone`'s clocks are ahead of UTC at `at`, in milliseconds. */
function offsetAt(format: Intl.DateTimeFormat, at: number): number {
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant at which clocks in `zone` (an IANA name such as America/New_York)
 * show `wallClock` (its UTC fields read as the zone's date and time), with the
 * offset in force on that date, not today's. A time skipped by a spring-forward
 * change reads as the moment after the change; one that happens twice, as the first. Undefined for a zone Intl does not know.
 */
export function instantInZone(wallClock: Date, zone: string): Date | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = parts(zone);
  } catch {
    return undefined;
  }
  const local = wallClock.getTime();
  // The offsets in force a day around: the same but near a change, when the time may exist twice or not at all.
  const offsets = new Set([offsetAt(format, local - 86_400_000), offsetAt(format, local + 86_400_000)]);
  const candidates = [...offsets].map((offset) => ({ instant: local - offset, offset }));
  const valid = candidates.filter((c) => offsetAt(format, c.instant) === c.offset).map((c) => c.instant);
  // Twice (clocks went back): the first. Never (clocks went forward): the moment after the change.
  return new Date(valid.length ? Math.min(...valid) : Math.max(...candidates.map((c) => c.instant)));
}
