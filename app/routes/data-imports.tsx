import { appContext } from "#server/http/app-context.server.ts";
import { importFigures } from "#server/records/import-figures.server.ts";
import { changeCell, changeOf, changeText, compact, dollars, monthName } from "#common/market/figure-format.ts";
import { HS2208_LABELS, IMPORTS_PATH } from "#common/records/import-figures.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { BarChart, RankChart } from "../components/charts/figure-charts";
import { FiguresTable } from "../components/charts/figures-table";
import { SourceNote } from "../features/market/source-note";
import { FilterButton, FilterSelect } from "../components/filter-select";
import type { Route } from "./+types/data-imports";

// Plain HTML: charts drawn on the server, tables, and a form that submits itself (GET).
export const handle = ISLANDS_PAGE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const figures = await importFigures(database.db, {
    code: params.get("code") ?? undefined,
    country: params.get("country") ?? undefined,
  });
  return { figures: figures ?? null };
}

const TITLE = "Spirits imports by country";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: TITLE,
    description:
      "The hub's own figures from the U.S. Census: the customs value of spirits imported into the United States each month, by country and HS code, year on year.",
    path: IMPORTS_PATH,
  });

const usd = (n: number) => compact(n, "USD");

export default function ImportsPage({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <p className="text-sm">
        <a href="/data" className="font-medium text-copper-700 hover:underline">
          Market data
        </a>
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink-950">{TITLE}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">
        What the United States imported of each spirit, from each country, by month: the customs value at the border,
        from the Census Bureau&rsquo;s trade figures. The tariff story in numbers.
      </p>
      {!figures ? (
        <p className="mt-8 rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-700">
          No import figures yet. The operator imports them with{" "}
          <code className="font-mono text-sm">npm run hub -- data import census-hs2208 &lt;file.json&gt;</code> or from
          the desk.
        </p>
      ) : (
        <Figures figures={figures} />
      )}
      {figures ? (
        <div className="mt-8">
          <SourceNote source={figures.source} asOf={figures.asOf} importedAt={figures.importedAt} />
        </div>
      ) : null}
    </div>
  );
}

function Figures({ figures }: { figures: NonNullable<Route.ComponentProps["loaderData"]["figures"]> }) {
  const what = figures.code === "all" ? "Spirits (HS 2208)" : HS2208_LABELS[figures.code]!;
  const where = figures.country ? `from ${figures.country.name}` : "from every country";
  const span = `${monthName(figures.from)} to ${monthName(figures.asOf)}`;
  const total = figures.months.filter((m) => m.period >= figures.from).reduce((a, m) => a + m.value, 0);
  const totalBefore = figures.months.filter((m) => m.period >= figures.from).every((m) => m.previous !== null)
    ? figures.months.filter((m) => m.period >= figures.from).reduce((a, m) => a + (m.previous ?? 0), 0)
    : undefined;
  return (
    <>
      <form
        method="get"
        action={IMPORTS_PATH}
        className="mt-6 grid gap-3 rounded-card bg-surface p-4 shadow-card sm:grid-cols-3"
      >
        <FilterSelect
          label="Spirit"
          name="code"
          value={figures.code === "all" ? "" : figures.code}
          all="All spirits (HS 2208)"
          options={Object.entries(HS2208_LABELS).map(([code, label]) => ({ value: code, label: `${label} (${code})` }))}
        />
        <FilterSelect
          label="Country"
          name="country"
          value={figures.country?.code ?? ""}
          all="All countries"
          options={figures.choices.map((c) => ({ value: c.code, label: c.name }))}
        />
        <FilterButton>Show figures</FilterButton>
      </form>

      <section aria-labelledby="imports-year" className="mt-8 space-y-4">
        <h2 id="imports-year" className="font-display text-2xl font-semibold text-ink-950">
          {what} {where}
        </h2>
        <p className="text-ink-800" role="status">
          {dollars(total)} imported from {span}
          {totalBefore !== undefined ? `, ${changeText(changeOf(total, totalBefore))} on the twelve months before` : ""}
          .
        </p>
        <BarChart
          title={`${what} ${where}, by month`}
          unit="imported"
          format={usd}
          points={figures.months.map((m) => ({ label: monthName(m.period, true), value: m.value }))}
        />
        <FiguresTable
          caption={`Each month against the same month a year before`}
          columns={["Month", "Imports", "A year before", "Change"]}
          empty="No month held."
          rows={[...figures.months]
            .reverse()
            .filter((m) => m.period >= figures.from)
            .map((m) => [
              monthName(m.period),
              dollars(m.value),
              m.previous === null ? "–" : dollars(m.previous),
              changeCell(changeOf(m.value, m.previous ?? undefined)),
            ])}
        />
      </section>

      {!figures.country ? (
        <section aria-labelledby="imports-countries" className="mt-8 space-y-4">
          <h2 id="imports-countries" className="font-display text-2xl font-semibold text-ink-950">
            Countries, {span}
          </h2>
          <RankChart
            title={`${what}: the largest countries`}
            unit="imported"
            format={usd}
            most={10}
            points={figures.countries.map((c) => ({ label: c.name, value: c.value }))}
          />
          <FiguresTable
            caption={`Every country, against the twelve months before`}
            columns={["Country", "Imports", "Twelve months before", "Change"]}
            empty="No country has figures for these months."
            rows={figures.countries.map((c) => [
              <a
                key={c.code}
                href={`${IMPORTS_PATH}?${new URLSearchParams({ ...(figures.code !== "all" ? { code: figures.code } : {}), country: c.code })}`}
                className="font-medium text-copper-700 underline"
              >
                {c.name}
              </a>,
              dollars(c.value),
              c.previous === null ? "–" : dollars(c.previous),
              changeCell(changeOf(c.value, c.previous ?? undefined)),
            ])}
          />
        </section>
      ) : null}

      {figures.code === "all" ? (
        <section aria-labelledby="imports-codes" className="mt-8 space-y-4">
          <h2 id="imports-codes" className="font-display text-2xl font-semibold text-ink-950">
            Spirits {where}, {span}
          </h2>
          <FiguresTable
            caption="Each HS code under 2208, against the twelve months before"
            columns={["Spirit", "Code", "Imports", "Twelve months before", "Change"]}
            empty="No code has figures for these months."
            rows={figures.codes.map((c) => [
              c.label,
              c.code,
              dollars(c.value),
              c.previous === null ? "–" : dollars(c.previous),
              changeCell(changeOf(c.value, c.previous ?? undefined)),
            ])}
          />
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}
