// Fixed locale and time zone, so the server and every browser print the same day.
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** An episode's date as the spec has it: short month and numeric day, en-US ("Nov 14"). */
export function episodeDate(isoDate: string): string {
  return SHORT_DATE.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** 95 → "1:35"; 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
