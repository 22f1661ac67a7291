import type { ReactNode } from "react";

/** A figures table under a chart, with its CSV download; numbers aligned right and grouped. */
export function FiguresTable({
  caption,
  columns,
  rows,
  csv,
  empty,
}: {
  caption: string;
  columns: string[];
  rows: (string | number | ReactNode)[][];
  csv?: string;
  empty: string;
}) {
  return (
    <div className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink-950">{caption}</h3>
        {csv ? (
          <a href={csv} className="min-h-11 py-3 text-sm font-semibold text-copper-700 underline" download>
            Download CSV<span className="sr-only"> of {caption.toLowerCase()}</span>
          </a>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-ink-700">{empty}</p>
      ) : (
        // A table wider than a phone scrolls in its own box, which a keyboard can reach and scroll.
        <div className="mt-2 overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-ink-100 text-ink-700">
                {columns.map((c, i) => (
                  <th key={c} scope="col" className={`py-2 pr-3 font-semibold ${i > 0 ? "text-right" : ""}`}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} className="border-b border-ink-100 last:border-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-2 pr-3 font-normal break-words text-ink-950">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-2 pr-3 text-right text-ink-900 tabular-nums">
                        {typeof cell === "number" ? cell.toLocaleString("en-US") : cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
