import type { DownloadsReport, ReadersReport, SubscribersReport } from "../analytics/audience-report.server.ts";

type Out = (line: string) => void;
const num = (n: number) => n.toLocaleString("en-US");
const cut = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

export function printDownloads(r: DownloadsReport, out: Out): void {
  out(`Downloads ${r.period.from} to ${r.period.to}: ${num(r.total)} (IAB: one per listener and episode a day)`);
  if (r.episodes.length) {
    out(
      `  ${"id".padStart(5)}  ${cut("episode", 48)}  ${"period".padStart(8)}  ${"7 days".padStart(8)}  ${"30 days".padStart(8)}  ${"all".padStart(8)}`,
    );
    for (const e of r.episodes)
      out(
        `  ${String(e.id).padStart(5)}  ${cut(e.title, 48)}  ${num(e.downloads).padStart(8)}  ${num(e.first7Days).padStart(8)}  ${num(e.first30Days).padStart(8)}  ${num(e.allTime).padStart(8)}`,
      );
  }
  if (r.apps.length) out(`  Apps: ${r.apps.map((a) => `${a.app} ${num(a.downloads)}`).join(", ")}`);
  if (r.series.length) out(`  Series: ${r.series.map((s) => `${s.series} ${num(s.downloads)}`).join(", ")}`);
}

export function printReaders(r: ReadersReport, out: Out): void {
  out(`Readers ${r.period.from} to ${r.period.to}: ${num(r.views)} page views, ${num(r.visitorDays)} daily visitors`);
  for (const p of r.pages.slice(0, 20))
    out(`  ${cut(p.path, 50)}  ${num(p.views).padStart(8)} views  ${num(p.visitors).padStart(8)} visitors`);
  if (r.referrers.length) out(`  Referrers: ${r.referrers.map((s) => `${s.label} ${num(s.views)}`).join(", ")}`);
  if (r.campaigns.length) out(`  Campaigns: ${r.campaigns.map((s) => `${s.label} ${num(s.views)}`).join(", ")}`);
}

export function printSubscribers(r: SubscribersReport, out: Out): void {
  const sum = (field: "signups" | "confirmations" | "unsubscribes" | "bounces") =>
    num(r.perDay.reduce((a, d) => a + d[field], 0));
  out(
    `Subscribers now: ${num(r.now.confirmed)} confirmed, ${num(r.now.pending)} pending, ${num(r.now.unsubscribed)} unsubscribed, ${num(r.now.bounced)} bounced`,
  );
  out(
    `  ${r.period.from} to ${r.period.to}: ${sum("signups")} sign-ups, ${sum("confirmations")} confirmations, ${sum("unsubscribes")} unsubscribes, ${sum("bounces")} bounces`,
  );
  for (const s of r.sends)
    out(
      `  Send of recap ${s.recapId} (${s.queuedAt.slice(0, 10)}): ${num(s.delivered)} delivered of ${num(s.recipients)}, ${num(s.failed)} failed, ${num(s.bounced)} bounced, ${num(s.unsubscribed)} unsubscribed${s.opens || s.clicks ? `, ${num(s.opens)} opened, ${num(s.clicks)} clicked` : ""}`,
    );
}
