import { Download } from "lucide-react";
import type { ReactNode } from "react";
import type { RankedCompany, RankSort } from "#common/content/company-query.ts";
import { COVERAGE_SORT, COVERAGE_TEXTS } from "#common/search/company-coverage.ts";
import { COMING_SOON, VIEW_PROFILE } from "./explorer-text";
import { RankHeader } from "./rank-header";

export interface CompanyColumn {
  header: string;
  cell: (row: RankedCompany) => ReactNode;
  className?: string;
}

/** This quarter's coverage counts, shown in a column, and whether the table is sorted by them. */
export interface CoverageColumn {
  counts: Record<number, number>;
  quarter: string;
  /** Set when the counts are an earlier quarter's (this one has no coverage yet): the column is named by it. */
  pastQuarter?: string | undefined;
  sorted: boolean;
}

interface CompanyTableProps {
  id: string;
  title: string;
  rows: RankedCompany[];
  total: number;
  query: string;
  sort: RankSort;
  onCycleSort: () => void;
  columns: CompanyColumn[];
  csvHref: string;
  emptyText: string;
  onOpen: (id: number) => void;
  coverage?: CoverageColumn | undefined;
}

/** The id of a row's "View Profile" button, so that closing the profile can return focus to it. */
export const profileButtonId = (companyId: number) => `profile-button-${companyId}`;

/**
 * One Top Players table. Wide columns scroll sideways inside the table's own
 * box on a phone, never the page. A row with a profile opens it on click.
 */
export function CompanyTable({
  id,
  title,
  rows,
  total,
  query,
  sort,
  onCycleSort,
  columns,
  csvHref,
  emptyText,
  onOpen,
  coverage,
}: CompanyTableProps) {
  const titleId = `${id}-title`;
  const extra = coverage ? 1 : 0;
  // A table off the screen is neither styled nor laid out until it nears it (a shared profile's page,
  // and a phone, show the first rows at most); 3000px stands in for a phone's 25 rows until then.
  // That contains its painting too: the padding (undone by the margins) keeps focus rings and the
  // box's shadow inside what is painted.
  return (
    <section className="-mx-2 mt-8 -mb-2 p-2 [content-visibility:auto] [contain-intrinsic-size:auto_3000px]">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-xl font-semibold text-ink-950 sm:text-2xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {rows.length === total ? `${total} companies` : `Showing ${rows.length} of ${total}`}
          </p>
        </div>
        <a
          href={csvHref}
          download
          className="inline-flex items-center gap-2 rounded-md border border-ink-300 bg-surface px-3 py-1.5 text-sm font-medium text-ink-800 hover:bg-paper"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download CSV<span className="sr-only">{` of ${title}`}</span>
        </a>
      </div>
      <div
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        className="overflow-x-auto rounded-card border border-ink-900/10 bg-surface shadow-sm"
      >
        <table className="w-full min-w-[760px] border-collapse text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-ink-900/10 bg-paper text-ink-800">
            <tr>
              <RankHeader sort={sort} onCycle={onCycleSort} />
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`px-3 py-3 font-semibold ${column.className ?? ""}`}>
                  {column.header}
                </th>
              ))}
              {coverage ? (
                <th
                  scope="col"
                  aria-sort={coverage.sorted ? "descending" : undefined}
                  title={COVERAGE_TEXTS.columnLong(coverage.quarter)}
                  // Holds its screen-reader text: an absolutely placed span must not widen the page.
                  className="relative px-3 py-3 font-semibold whitespace-nowrap"
                >
                  {COVERAGE_TEXTS.column(coverage.pastQuarter)}
                  <span className="sr-only">{`: ${COVERAGE_TEXTS.columnLong(coverage.quarter)}`}</span>
                </th>
              ) : null}
              <th scope="col" className="px-3 py-3 font-semibold">
                Profile
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2 + extra} className="px-3 py-8 text-center text-ink-600">
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.company.id}
                  onClick={row.company.profile ? () => onOpen(row.company.id) : undefined}
                  className={`border-b border-ink-900/5 align-top last:border-0 ${row.company.profile ? "cursor-pointer hover:bg-copper-100/50" : ""}`}
                >
                  <td className="px-3 py-3 font-semibold text-ink-700 tabular-nums">#{row.rank}</td>
                  {columns.map((column) => (
                    <td key={column.header} className={`px-3 py-3 ${column.className ?? ""}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {coverage ? (
                    <td className="px-3 py-3 text-ink-800 tabular-nums">{coverage.counts[row.company.id] ?? 0}</td>
                  ) : null}
                  <td className="px-3 py-3 whitespace-nowrap">
                    <ProfileCell
                      companyId={row.company.id}
                      hasProfile={Boolean(row.company.profile)}
                      query={query}
                      byCoverage={Boolean(coverage?.sorted)}
                      onOpen={onOpen}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * "View Profile" is a real button. It submits a GET form, so without
 * JavaScript it loads /explorer?company=… with the profile open; with
 * JavaScript it opens the profile in place.
 */
function ProfileCell({
  companyId,
  hasProfile,
  query,
  byCoverage,
  onOpen,
}: {
  companyId: number;
  hasProfile: boolean;
  query: string;
  /** The tables' order by coverage is kept when the profile opens without JavaScript. */
  byCoverage: boolean;
  onOpen: (id: number) => void;
}) {
  if (!hasProfile) return <span className="text-ink-500 italic">{COMING_SOON}</span>;
  return (
    <form method="get" action="/explorer">
      {query ? <input type="hidden" name="q" value={query} /> : null}
      {byCoverage ? <input type="hidden" name="sort" value={COVERAGE_SORT} /> : null}
      <button
        id={profileButtonId(companyId)}
        type="submit"
        name="company"
        value={companyId}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          onOpen(companyId);
        }}
        className="rounded-md bg-copper-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-ink-900"
      >
        {VIEW_PROFILE}
      </button>
    </form>
  );
}
