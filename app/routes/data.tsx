import { marketOverview } from "#server/market/market-figures.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { changeCell, changeOf, changeText, compact, dollars, liters, shareText } from "#common/market/figure-format.ts";
import { DATA_PATH, dataCsvPath, dataFamilyPath } from "#common/market/market-paths.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { RankChart } from "../components/charts/figure-charts";
import { FiguresTable } from "../components/charts/figures-table";
import { SourceNote } from "../features/market/source-note";
import { MarketIntro, NoMarketData } from "../features/market/market-intro";
import type { Route } from "./+types/data";

// Plain HTML: charts drawn on the server, tables and links.
export const handle = ISLANDS_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  return { overview: (await marketOverview(database.db)) ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Market data",
    description:
      "The hub's own figures from public data: Iowa's liquor sales by family of spirits, each with its latest full year, its change on the year before and its share of the total.",
    path: DATA_PATH,
  });

export default function DataPage({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Market data</h1>
      <MarketIntro />
      <nav aria-label="Public records" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href="/data/labels" className="font-semibold text-copper-700 underline">
          Label approvals (TTB)
        </a>
        <a href="/data/imports" className="font-semibold text-copper-700 underline">
          Spirits imports by country (Census)
        </a>
      </nav>
      {!overview ? (
        <NoMarketData />
      ) : (
        <>
          <section aria-labelledby="data-year" className="mt-8">
            <h2 id="data-year" className="font-display text-2xl font-semibold text-ink-950">
              Spirits in Iowa, {overview.year}
            </h2>
            <p className="mt-2 text-ink-800">
              Retailers bought {dollars(overview.total.dollars)} of spirits from the state in {overview.year} (
              {liters(overview.total.liters)})
              {overview.total.previous
                ? `, ${changeText(changeOf(overview.total.dollars, overview.total.previous.dollars))} on ${overview.year - 1}`
                : ""}
              .
            </p>
            <div className="mt-4 space-y-4">
              <RankChart
                title={`Sales by family, ${overview.year}`}
                unit="in sales"
                most={12}
                format={(n) => compact(n, "USD")}
                points={overview.families.map((f) => ({ label: f.family.label, value: f.dollars }))}
              />
              <FiguresTable
                caption={`Every family, ${overview.year}, against ${overview.year - 1}`}
                columns={["Family", "Sales", "Change", "Liters", "Change", "Share of sales"]}
                csv={dataCsvPath()}
                empty="No family has sales this year."
                rows={overview.families.map((f) => [
                  <a
                    key={f.family.slug}
                    href={dataFamilyPath(f.family.slug)}
                    className="font-medium text-copper-700 underline"
                  >
                    {f.family.label}
                  </a>,
                  dollars(f.dollars),
                  changeCell(changeOf(f.dollars, f.previous?.dollars)),
                  liters(f.liters),
                  changeCell(changeOf(f.liters, f.previous?.liters)),
                  shareText(f.share),
                ])}
              />
            </div>
          </section>
          <div className="mt-8">
            <SourceNote source={overview.source} asOf={overview.asOf} importedAt={overview.importedAt} />
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
