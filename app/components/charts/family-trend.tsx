import { changeCell, changeOf, compact, dollars, monthName, shareText } from "#common/market/figure-format.ts";
import { dataFamilyPath } from "#common/market/market-paths.ts";
import { BarChart } from "./figure-charts";

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
      <details className="rounded-card bg-surface px-4 text-sm shadow-card">
        <summary className="min-h-11 cursor-pointer py-3 font-semibold text-ink-950">The figures by year</summary>
        <table className="mb-3 w-full text-left">
          <caption className="sr-only">{family.label} in Iowa by year</caption>
          <thead>
            <tr className="border-b border-ink-100 text-ink-700">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Year
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Sales
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Change
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.year} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {y.months < 12 ? `${y.year} (${y.months} months)` : y.year}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{dollars(y.dollars)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {changeCell(full(y.year) ? changeOf(y.dollars, full(y.year - 1)?.dollars) : undefined)}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{shareText(y.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
