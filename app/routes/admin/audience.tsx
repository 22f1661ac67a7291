import { data, Form, Link } from "react-router";
import { FeedbackStore } from "#server/chat/feedback-store.server.ts";
import { PERIOD_CHOICES } from "#common/analytics/audience-report.ts";
import { periodFrom, periodQuery } from "#server/analytics/audience-period.server.ts";
import { downloadsReport, readersReport, subscribersReport } from "#server/analytics/audience-report.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { mostFollowedItems } from "#server/follows/follows.server.ts";
import { FOLLOW_KIND_WORDS } from "#common/follows/follow-item.ts";
import { BarChart, RankChart } from "../../components/charts/figure-charts";
import { FiguresTable } from "../../components/charts/figures-table";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import { DeskPage, inputClass, primaryButton } from "../../features/desk/desk-ui";
import { NO_STORE, requireStaff } from "./desk-request.server";
import type { Route } from "./+types/audience";

export const meta: Route.MetaFunction = () => deskMeta("Audience");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext);
  await requireStaff(request, database);
  const url = new URL(request.url);
  const query = periodQuery.safeParse(Object.fromEntries(url.searchParams));
  const period = periodFrom(query.success ? query.data : {});
  const [downloads, readers, subscribers, feedback, followed] = await Promise.all([
    downloadsReport(database.db, period),
    readersReport(database.db, period),
    subscribersReport(database.db, period),
    new FeedbackStore(database.db).list({ page: 1, perPage: 1 }),
    mostFollowedItems(database.db, COMPANIES),
  ]);
  return data(
    {
      period,
      days: query.success && !query.data.from && !query.data.to ? (query.data.days ?? 30) : undefined,
      unread: !query.success,
      downloads,
      readers,
      subscribers,
      feedback: feedback.counts,
      followed,
      tracking: config.NEWSLETTER_TRACKING,
    },
    { headers: NO_STORE },
  );
}

const short = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export default function DeskAudience({ loaderData }: Route.ComponentProps) {
  const { period, days, unread, downloads, readers, subscribers, feedback, followed, tracking } = loaderData;
  const range = `from=${period.from}&to=${period.to}`;
  const csv = (table: string) => `/admin/audience.csv?table=${table}&${range}`;
  return (
    <DeskPage title="Audience">
      <p className="text-ink-700">
        Counted by the site itself, without cookies or stored addresses: {short(period.from)} to {short(period.to)}{" "}
        {period.to.slice(0, 4)}, in UTC days.
      </p>
      {unread ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
          Those dates were not understood: showing the last 30 days.
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose a period">
        <div>
          <label htmlFor="days" className="block text-sm font-semibold text-ink-900">
            Period
          </label>
          <select
            id="days"
            name="days"
            defaultValue={days ?? ""}
            className="min-h-11 rounded-md border border-ink-300 bg-surface px-3"
          >
            {days === undefined ? <option value="">Chosen dates</option> : null}
            {PERIOD_CHOICES.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Show
        </button>
      </Form>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose dates">
        <div>
          <label htmlFor="from" className="block text-sm font-semibold text-ink-900">
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={period.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to" className="block text-sm font-semibold text-ink-900">
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={period.to} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Show these dates
        </button>
      </Form>

      <section aria-labelledby="downloads" className="space-y-4">
        <h2 id="downloads" className="font-display text-2xl text-ink-950">
          Podcast downloads
        </h2>
        <p className="text-ink-700">
          {downloads.total.toLocaleString("en-US")} downloads by the IAB rules: one per listener and episode in 24
          hours, once a minute of audio has been fetched; bots and probes left out.
          {downloads.series.length
            ? ` ${downloads.series.map((s) => `${s.series === "daily" ? "Daily" : "Weekly"} series ${s.downloads.toLocaleString("en-US")}`).join(", ")}.`
            : ""}
        </p>
        <BarChart
          title="Downloads per day"
          unit="downloads"
          points={downloads.perDay.map((d) => ({ label: short(d.day), value: d.downloads }))}
        />
        <RankChart
          title="Episodes by downloads in the period"
          unit="downloads"
          points={downloads.episodes.map((e) => ({ label: e.title, value: e.downloads }))}
        />
        <FiguresTable
          caption="Downloads by episode"
          columns={["Episode", "In the period", "First 7 days", "First 30 days", "All time"]}
          rows={downloads.episodes.map((e) => [
            <Link key={e.id} to={`/admin/episodes/${e.id}`} className="underline">
              {e.title}
            </Link>,
            e.downloads,
            e.first7Days,
            e.first30Days,
            e.allTime,
          ])}
          csv={csv("downloads-by-episode")}
          empty="No downloads in this period."
        />
        <RankChart
          title="Listening apps"
          unit="downloads"
          points={downloads.apps.map((a) => ({ label: a.app, value: a.downloads }))}
        />
        <FiguresTable
          caption="Downloads by app"
          columns={["App", "Downloads"]}
          rows={downloads.apps.map((a) => [a.app, a.downloads])}
          csv={csv("downloads-by-app")}
          empty="No downloads in this period."
        />
        <FiguresTable
          caption="Downloads by day"
          columns={["Day", "Downloads"]}
          rows={downloads.perDay.filter((d) => d.downloads).map((d) => [d.day, d.downloads])}
          csv={csv("downloads-by-day")}
          empty="No downloads in this period."
        />
      </section>

      <section aria-labelledby="readers" className="space-y-4">
        <h2 id="readers" className="font-display text-2xl text-ink-950">
          Readers
        </h2>
        <p className="text-ink-700">
          {readers.views.toLocaleString("en-US")} page views; {readers.visitorDays.toLocaleString("en-US")} daily
          visitors (a visitor is recognised within one day only). Readers who send Do Not Track or Global Privacy
          Control are not counted.
        </p>
        <BarChart
          title="Page views per day"
          unit="page views"
          points={readers.perDay.map((d) => ({ label: short(d.day), value: d.views }))}
        />
        <BarChart
          title="Daily visitors"
          unit="daily visitors"
          points={readers.perDay.map((d) => ({ label: short(d.day), value: d.visitors }))}
        />
        <RankChart
          title="Top pages by views"
          unit="page views"
          points={readers.pages.map((p) => ({ label: p.path, value: p.views }))}
        />
        <FiguresTable
          caption="Top pages"
          columns={["Page", "Views", "Daily visitors"]}
          rows={readers.pages.map((p) => [p.path, p.views, p.visitors])}
          csv={csv("readers-by-page")}
          empty="No page views in this period."
        />
        <FiguresTable
          caption="Where readers came from"
          columns={["Referring site or campaign", "Views"]}
          rows={[
            ...readers.referrers.map((r) => [r.label, r.views]),
            ...readers.campaigns.map((c) => [`Campaign: ${c.label}`, c.views]),
          ]}
          csv={csv("readers-by-source")}
          empty="No views came from another site or a campaign link in this period."
        />
        <FiguresTable
          caption="Readers by day"
          columns={["Day", "Views", "Visitors"]}
          rows={readers.perDay.filter((d) => d.views).map((d) => [d.day, d.views, d.visitors])}
          csv={csv("readers-by-day")}
          empty="No page views in this period."
        />
      </section>

      <section aria-labelledby="subscribers" className="space-y-4">
        <h2 id="subscribers" className="font-display text-2xl text-ink-950">
          Newsletter subscribers
        </h2>
        <p className="text-ink-700">
          Now {subscribers.now.confirmed.toLocaleString("en-US")} confirmed,{" "}
          {subscribers.now.pending.toLocaleString("en-US")} waiting to confirm,{" "}
          {subscribers.now.unsubscribed.toLocaleString("en-US")} unsubscribed,{" "}
          {subscribers.now.bounced.toLocaleString("en-US")} bounced.{" "}
          {tracking
            ? "Opens and clicks are counted (NEWSLETTER_TRACKING): Apple Mail loads every image for its readers, so opens read high."
            : "Opens and clicks are not tracked."}
        </p>
        <BarChart
          title="Confirmed sign-ups per day"
          unit="confirmations"
          points={subscribers.perDay.map((d) => ({ label: short(d.day), value: d.confirmations }))}
        />
        <FiguresTable
          caption="Subscribers by day"
          columns={["Day", "Sign-ups", "Confirmed", "Unsubscribed", "Bounced"]}
          rows={subscribers.perDay
            .filter((d) => d.signups || d.confirmations || d.unsubscribes || d.bounces)
            .map((d) => [d.day, d.signups, d.confirmations, d.unsubscribes, d.bounces])}
          csv={csv("subscribers-by-day")}
          empty="No sign-ups, confirmations or unsubscribes in this period."
        />
        <RankChart
          title="Each send: messages delivered"
          unit="messages delivered"
          points={subscribers.sends.map((s) => ({
            label: `${s.queuedAt.slice(0, 10)} ${s.headline}`,
            value: s.delivered,
          }))}
        />
        <FiguresTable
          caption="Newsletter sends"
          columns={[
            "Recap",
            "Recipients",
            "Delivered",
            "Failed",
            "Bounced",
            "Unsubscribed",
            ...(tracking ? ["Opened", "Clicked"] : []),
          ]}
          rows={subscribers.sends.map((s) => [
            `${s.headline} (${s.queuedAt.slice(0, 10)})`,
            s.recipients,
            s.delivered,
            s.failed,
            s.bounced,
            s.unsubscribed,
            ...(tracking ? [s.opens, s.clicks] : []),
          ])}
          csv={csv("newsletter-sends")}
          empty="No newsletter went out in this period."
        />
      </section>

      <section aria-labelledby="followed" className="space-y-2">
        <h2 id="followed" className="font-display text-2xl text-ink-950">
          Most followed
        </h2>
        <p className="text-ink-700">
          Companies, brands, topics and market families readers follow, by how many readers with the digest on follow
          each. Addresses are never shown.
        </p>
        <FiguresTable
          caption="Most followed items"
          columns={["Item", "Kind", "Readers"]}
          rows={followed.map((f) => [f.name, FOLLOW_KIND_WORDS[f.kind], f.followers])}
          empty="Nobody follows anything yet."
        />
      </section>

      <section aria-labelledby="feedback" className="space-y-2">
        <h2 id="feedback" className="font-display text-2xl text-ink-950">
          Answers readers rated
        </h2>
        <p className="text-ink-700">
          {feedback.down.toLocaleString("en-US")} answers marked not helpful, {feedback.up.toLocaleString("en-US")}{" "}
          helpful, in all.{" "}
          <Link to="/admin/feedback" className="font-semibold text-copper-700 underline">
            Read the feedback
          </Link>
        </p>
      </section>
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}
