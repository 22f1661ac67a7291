import { changeCell, changeOf, compact, monthName } from "#common/market/figure-format.ts";
import { IMPORTS_PATH, type ImportFigures } from "#common/records/import-figures.ts";
import { RankChart } from "../../components/charts/figure-charts";

/**
 * The tariff story in numbers (issue 41): on the trade-policy topics, the countries the U.S.
 * imported the most spirits from in the latest twelve months, each against the twelve before,
 * linked to /data/imports.
 */
export function TopicImports({ figures }: { figures: ImportFigures }) {
  const span = `${monthName(figures.from)} to ${monthName(figures.asOf)}`;
  const top = figures.countries.slice(0, 8);
  return (
    <section aria-labelledby="topic-imports" className="mb-8 space-y-3">
      <h2 id="topic-imports" className="font-display text-lg font-semibold text-ink-950">
        Spirits imports by country in the hub&rsquo;s data
      </h2>
      <RankChart
        title={`Spirits imports (HS 2208), ${span}`}
        unit="imported"
        format={(n) => compact(n, "USD")}
        points={top.map((c) => ({ label: c.name, value: c.value }))}
      />
      <ul className="text-sm text-ink-800">
        {top.map((c) => (
          <li key={c.code}>
            {c.name}:{" "}
            {c.previous === null
              ? "no full twelve months before to compare"
              : `${changeCell(changeOf(c.value, c.previous))} on the twelve months before`}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <a href={IMPORTS_PATH} className="font-semibold text-copper-700 underline">
          Every country and spirit, month by month
        </a>{" "}
        (U.S. Census Bureau, customs value).
      </p>
    </section>
  );
}
