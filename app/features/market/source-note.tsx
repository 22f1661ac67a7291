import { monthName } from "#common/market/figure-format.ts";
import { formatDate } from "../../components/date-text";

export interface SourceFacts {
  source: { title: string; publisher: string; url: string; licence: string; meaning: string; caveats: string };
  /** The last month the source holds (YYYY-MM), and when it was imported; a list without months (label approvals) has neither. */
  asOf?: string | undefined;
  importedAt?: string | undefined;
}

/** Where the figures on a page come from, how current they are, and what they are and are not. */
export function SourceNote({ source, asOf, importedAt }: SourceFacts) {
  return (
    <aside
      aria-labelledby="data-source"
      className="rounded-card border border-ink-100 bg-surface p-4 text-sm text-ink-800"
    >
      <h2 id="data-source" className="font-semibold text-ink-950">
        Source
      </h2>
      <p className="mt-1">
        <a href={source.url} className="font-medium text-copper-700 underline" rel="noopener">
          {source.title}
        </a>
        , {source.publisher}.
        {asOf && importedAt ? ` Figures through ${monthName(asOf)}, imported ${formatDate(importedAt)}.` : ""}
      </p>
      <p className="mt-2">
        <strong className="font-semibold">What they are:</strong> {source.meaning}
      </p>
      <p className="mt-2">
        <strong className="font-semibold">What they are not:</strong> {source.caveats}
      </p>
      <p className="mt-2 text-ink-700">{source.licence}</p>
    </aside>
  );
}
