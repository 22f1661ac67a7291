import { changeCell, changeOf, compact, dollars, monthName, shareText } from "#common/market/figure-format.ts";
import { dataCsvPath, dataFamilyPath } from "#common/market/market-paths.ts";
import { BarChart } from "./figure-charts";
import { FiguresTable } from "./figures-table";

/** A family's yearly figures as a loader hands them (server/market/market-figures.server.ts, FamilyTrend). */
export interface FamilyTrendData {
  family: { slug: string; label: string };
  year: number;
  years: Array<{ year: number; months: number; dollars: number; liters: number; share: number }>;
  source: { title: string; publisher: string };
  asOf: string;
}

/**
 * A family's sales by year, drawn on the server with its figures in a table and its source
 * under it: what a topic page and a recap's {{chart family}} show, linking the family's page.
 */
export function FamilyTrend({ trend, headline }: { trend: FamilyTrendData; headline: string }) {
  const { family, years } = trend;
  const full = (year: number) => years.find((y) => y.year === year && y.months === 12);
  return (
    <div className="space-y-2" data-family-trend={family.slug}>
      <BarChart
        title={`${family.label} in Iowa: sales by year`}
        unit="in sales"
        format={(n) => compact(n, "USD")}
        summary={headline}
        points={years.map((y) => ({
          label: y.months < 12 ? `${y.year} (${y.months} mo.)` : String(y.year),
          value: y.dollars,
        }))}
      />
      <details className="rounded-card bg-surface shadow-card">
        <summary className="min-h-11 cursor-pointer px-4 py-3 text-sm font-semibold text-ink-950">
          The figures by year
        </summary>
        <FiguresTable
          caption={`${family.label} in Iowa by year`}
          columns={["Year", "Sales", "Change", "Share of sales"]}
          csv={dataCsvPath(family.slug, "years")}
          empty="No year yet."
          rows={years.map((y) => [
            y.months < 12 ? `${y.year} (${y.months} months)` : String(y.year),
            dollars(y.dollars),
            changeCell(full(y.year) ? changeOf(y.dollars, full(y.year - 1)?.dollars) : undefined),
            shareText(y.share),
          ])}
        />
      </details>
      <p className="text-sm text-ink-700">
        Retailers&rsquo; purchases from the state in Iowa, a control state; not national sales. Source:{" "}
        {trend.source.title}, {trend.source.publisher}, through {monthName(trend.asOf)}.{" "}
        <a href={dataFamilyPath(family.slug)} className="font-medium text-copper-700 underline">
          {family.label} market data
        </a>
      </p>
    </div>
  );
}
