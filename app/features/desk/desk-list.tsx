import { Form, Link, useLocation } from "react-router";
import { DateText } from "../../components/date-text";
import { DeskPage, FormMessage, inputClass, primaryButton, StatusBadge } from "./desk-ui";
import { ScheduledTime } from "./scheduled-time";

import { STATUS_FILTERS, type DeskListData, type DeskRow, type StatusFilter } from "#common/desk/desk-types.ts";
import { DONE_TEXT } from "./desk-text";

export function DeskSearch({ q, label }: { q: string; label: string }) {
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor="q" className="block text-sm font-semibold text-ink-900">
        {label}
      </label>
      <input id="q" name="q" type="search" defaultValue={q} maxLength={200} className={inputClass} />
    </div>
  );
}

/** Previous and next page links that keep the rest of the address (search, filters). */
export function DeskPager({
  page,
  pageCount,
  total,
  noun,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="font-semibold text-copper-700 underline">
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-ink-600">
        Page {page} of {pageCount} · {total.toLocaleString("en-US")} {noun}
        {total === 1 ? "" : "s"}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="font-semibold text-copper-700 underline">
          Older
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The desk's list of recaps or episodes: title (to edit), date, status; drafts and scheduled first. */
export function DeskItemTable({ caption, rows, empty }: { caption: string; rows: DeskRow[]; empty: string }) {
  if (rows.length === 0) return <p className="rounded-card bg-surface p-6 text-ink-600">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-card bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink-100 text-ink-700">
          <tr>
            <th scope="col" className="px-4 py-3">
              Title
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <td className="px-4 py-3">
                <Link to={row.href} className="font-medium text-ink-900 underline">
                  {row.title}
                </Link>
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <DateText date={row.date} short />
              </td>
              <td className="px-4 py-3">
                {row.viewHref ? (
                  <>
                    <StatusBadge status="published" />{" "}
                    <a href={row.viewHref} className="ml-2 text-copper-700 underline">
                      View<span className="sr-only"> {row.title} on the site</span>
                    </a>
                  </>
                ) : row.publishAt ? (
                  <ScheduledTime iso={row.publishAt} />
                ) : (
                  <StatusBadge status="draft" />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The search box and status filter above a desk list (a plain GET form). */
export function DeskListFilter({ q, status, label }: { q: string; status: StatusFilter; label: string }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <DeskSearch q={q} label={label} />
      <div>
        <label htmlFor="status" className="block text-sm font-semibold text-ink-900">
          Status
        </label>
        <select
          id="status"
          name="status"
          defaultValue={status}
          className="min-h-11 rounded-md border border-ink-300 bg-surface px-3"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === "all" ? "All" : s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={primaryButton}>
        Filter
      </button>
    </Form>
  );
}

/** A desk list page (recaps or episodes): search and status, the items, pages of the published ones. */
export function DeskItemsPage({ data, noun }: { data: DeskListData; noun: "recap" | "episode" }) {
  const { q, status, rows, published, done } = data;
  const plural = `${noun}s`;
  const title = plural[0]!.toUpperCase() + plural.slice(1);
  return (
    <DeskPage
      title={title}
      actions={
        <Link to={`/admin/${plural}/new`} className={primaryButton}>
          New {noun}
        </Link>
      }
    >
      <FormMessage notice={done ? DONE_TEXT[done] : undefined} />
      <DeskListFilter q={q} status={status} label={`Search ${plural}`} />
      <DeskItemTable
        caption={title}
        rows={rows}
        empty={q ? `No ${plural} match your search.` : `No ${plural} here yet.`}
      />
      <DeskPager
        page={published.page}
        pageCount={published.pageCount}
        total={published.total}
        noun={`published ${noun}`}
      />
    </DeskPage>
  );
}
