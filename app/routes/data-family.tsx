import { data, isRouteErrorResponse } from "react-router";
import { marketFamily } from "#server/market/market-figures.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import {
  changeCell,
  changeOf,
  compact,
  dollars,
  liters,
  monthName,
  monthYearBefore,
  shareText,
} from "#common/market/figure-format.ts";
import { DATA_PATH, FAMILY_NOT_FOUND, dataCsvPath, dataFamilyPath } from "#common/market/market-paths.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { NotFoundPanel } from "../components/not-found-panel";
import { BarChart, RankChart } from "../components/charts/figure-charts";
import { FiguresTable } from "../components/charts/figures-table";
import { SourceNote } from "../features/market/source-note";
import { MarketIntro } from "../features/market/market-intro";
import { familyHeadline } from "#common/market/family-headline.ts";
import { marketFollowItem } from "#common/follows/follow-item.ts";
import { FollowForm } from "../components/follow-form";
import type { Route } from "./+types/data-family";

// Plain HTML: charts drawn on the server, tables and links.
export const handle = ISLANDS_PAGE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const slug = params.family ?? "";
  const figures = /^[a-z]{1,40}$/.test(slug) ? await marketFamily(database.db, slug) : undefined;
  if (!figures) throw data(FAMILY_NOT_FOUND, { status: 404 });
  return { figures };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const site = siteFromMatches(matches);
  if (!loaderData)
    return [
      ...pageMeta({ site, title: "Market data not found", description: FAMILY_NOT_FOUND, path: null }),
      { name: "robots", content: "noindex" },
    ];
  const { family } = loaderData.figures;
  return pageMeta({
    site,
    title: `${family.label} in Iowa: market data`,
    description: familyHeadline(loaderData.figures),
    path: dataFamilyPath(params.family!),
  });
};

const usd = (n: number) => compact(n, "USD");

export default function DataFamilyPage({ loaderData }: Route.ComponentProps) {
  const f = loaderData.figures;
  const label = f.family.label;
  const partial = f.years.filter((y) => y.months < 12);
  const full = (year: number) => f.years.find((y) => y.year === year && y.months === 12);
  const prior = (year: number) => (full(year) ? full(year - 1) : undefined);
  const monthDollars = new Map(f.months.map((m) => [m.period, m.dollars]));
  const peakMonth = f.months.reduce((a, m) => (m.dollars > a.dollars ? m : a), f.months[0]!);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <p className="text-sm">
        <a href={DATA_PATH} className="font-medium text-copper-700 hover:underline">
          All market data
        </a>
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink-950">{label} in Iowa</h1>
      <MarketIntro />
      <p className="mt-4 text-lg text-ink-900">{familyHeadline(f)}</p>

      <section aria-labelledby="family-years" className="mt-8 space-y-4">
        <h2 id="family-years" className="font-display text-2xl font-semibold text-ink-950">
          By year
        </h2>
        <BarChart
          title={`${label}: sales by year`}
          unit="in sales"
          format={usd}
          summary={familyHeadline(f)}
          points={f.years.map((y) => ({
            label: y.months < 12 ? `${y.year} (${y.months} mo.)` : String(y.year),
            value: y.dollars,
          }))}
        />
        <FiguresTable
          caption={`${label} by year`}
          columns={["Year", "Months", "Sales", "Change", "Liters", "Change", "Share of sales"]}
          csv={dataCsvPath(f.family.slug, "years")}
          empty="No year yet."
          rows={f.years.map((y) => [
            String(y.year),
            y.months,
            dollars(y.dollars),
            changeCell(changeOf(y.dollars, prior(y.year)?.dollars)),
            liters(y.liters),
            changeCell(changeOf(y.liters, prior(y.year)?.liters)),
            shareText(y.share),
          ])}
        />
        {partial.length ? (
          <p className="text-sm text-ink-700">
            {partial.map((y) => `${y.year} holds ${y.months} months`).join("; ")}: its change is not compared with a
            full year.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="family-months" className="mt-10 space-y-4">
        <h2 id="family-months" className="font-display text-2xl font-semibold text-ink-950">
          By month
        </h2>
        <BarChart
          title={`${label}: sales by month, ${monthName(f.months[0]!.period, true)} to ${monthName(f.months.at(-1)!.period, true)}`}
          unit="in sales"
          format={usd}
          summary={`The highest month was ${monthName(peakMonth.period)}, at ${dollars(peakMonth.dollars)}.`}
          points={f.months.map((m) => ({ label: monthName(m.period, true), value: m.dollars }))}
        />
        <details className="rounded-card bg-surface shadow-card">
          <summary className="min-h-11 cursor-pointer px-4 py-3 font-semibold text-ink-950">
            Every month ({f.months.length})
          </summary>
          <FiguresTable
            caption={`${label} by month`}
            columns={["Month", "Sales", "Liters", "Change on a year before"]}
            csv={dataCsvPath(f.family.slug, "months")}
            empty="No month yet."
            rows={f.months.map((m) => [
              monthName(m.period),
              dollars(m.dollars),
              liters(m.liters),
              changeCell(changeOf(m.dollars, monthDollars.get(monthYearBefore(m.period)))),
            ])}
          />
        </details>
      </section>

      <section aria-labelledby="family-counties" className="mt-10 space-y-4">
        <h2 id="family-counties" className="font-display text-2xl font-semibold text-ink-950">
          Counties that grew fastest, {f.year}
        </h2>
        {f.counties.length === 0 ? (
          <p className="rounded-card border border-dashed border-ink-300 bg-surface p-6 text-ink-700">
            The figures imported here are statewide only, so no county can be compared. Importing the state&rsquo;s file
            by county adds this ranking.
          </p>
        ) : (
          <>
            <RankChart
              title={`${label}: change in sales by county, ${f.year} on ${f.year - 1}`}
              unit="change"
              most={10}
              format={(n) => changeCell(n)}
              points={f.counties.map((c) => ({ label: c.county, value: c.change }))}
            />
            <FiguresTable
              caption={`${label} by county, ${f.year} on ${f.year - 1}`}
              columns={["County", String(f.year), String(f.year - 1), "Change"]}
              csv={dataCsvPath(f.family.slug, "counties")}
              empty="No county to compare."
              rows={f.counties.map((c) => [c.county, dollars(c.dollars), dollars(c.previous), changeCell(c.change)])}
            />
            <p className="text-sm text-ink-700">
              Counties that bought at least $10,000 of {label.toLowerCase()} in {f.year - 1}, so that a handful of
              bottles cannot top the list.
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="family-categories" className="mt-10 space-y-4">
        <h2 id="family-categories" className="font-display text-2xl font-semibold text-ink-950">
          Categories inside {label.toLowerCase()}, {f.year}
        </h2>
        <RankChart
          title={`${label}: sales by the state's category, ${f.year}`}
          unit="in sales"
          most={10}
          format={usd}
          points={f.categories.map((c) => ({ label: c.category || "(no category)", value: c.dollars }))}
        />
        <FiguresTable
          caption={`${label} by category, ${f.year}`}
          columns={["Category", "Sales", "Change", "Liters"]}
          csv={dataCsvPath(f.family.slug, "categories")}
          empty="No category has sales this year."
          rows={f.categories.map((c) => [
            c.category || "(no category)",
            dollars(c.dollars),
            changeCell(changeOf(c.dollars, c.previous?.dollars)),
            liters(c.liters),
          ])}
        />
      </section>

      <div className="mt-10 max-w-xl">
        <FollowForm item={marketFollowItem(f.family.slug, label)} source="data" />
      </div>

      <div className="mt-10">
        <SourceNote source={f.source} asOf={f.asOf} importedAt={f.importedAt} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPanel
        title="Market data not found"
        message={FAMILY_NOT_FOUND}
        href={DATA_PATH}
        linkText="See every family"
      />
    );
  return <RouteErrorFallback error={error} />;
}
