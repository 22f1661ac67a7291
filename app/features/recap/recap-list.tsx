import { Link } from "react-router";
import type { RecapHeadline } from "#common/content/recap.ts";
import { DateText } from "../../components/date-text";
import { numberedPager, pagedHref, type PagerState } from "../../components/pager";

/** Headlines in the sidebar at a time. */
export const RECAPS_PER_PAGE = 25;

/** The sidebar's pages: the search and the page number travel in the address. */
export function recapListPager(state: { q: string; page: number; pageCount: number }): PagerState & { q: string } {
  return { q: state.q, ...numberedPager("/recap", { q: state.q }, state) };
}

/** An item of the list: the same page of the same search, with that recap open. */
export const recapListHref = (pager: { q: string; page: number }, id: number): string =>
  pagedHref("/recap", { q: pager.q, id: String(id) }, pager.page);

/** The "All Recaps" list: date and headline per item; the selected one is marked. */
export function RecapList({
  recaps,
  pager,
  selectedId,
  loading,
  onPick,
}: {
  recaps: RecapHeadline[];
  pager: { q: string; page: number };
  selectedId: number | undefined;
  loading: boolean;
  onPick: () => void;
}) {
  return (
    <nav aria-labelledby="all-recaps" aria-busy={loading}>
      <h2 id="all-recaps" className="mb-3 mt-6 text-sm font-semibold uppercase tracking-wide text-ink-600">
        All Recaps
      </h2>
      {loading ? (
        <p role="status" className="mb-3 text-sm text-ink-600">
          Loading weekly summaries...
        </p>
      ) : null}
      {recaps.length === 0 ? (
        <p className="rounded-md bg-surface p-4 text-sm text-ink-600">No summaries found matching your search.</p>
      ) : (
        <ul className={`space-y-1 ${loading ? "opacity-60" : ""}`}>
          {recaps.map((r) => {
            const selected = r.id === selectedId;
            return (
              <li key={r.id}>
                <Link
                  to={recapListHref(pager, r.id)}
                  preventScrollReset
                  onClick={onPick}
                  aria-current={selected ? "true" : undefined}
                  className={`block rounded-md border-l-4 px-3 py-2 ${
                    selected ? "border-copper-500 bg-surface shadow-card" : "border-transparent hover:bg-surface/70"
                  }`}
                >
                  <DateText date={r.date} className="block text-xs text-ink-600" />
                  <span className="mt-0.5 block font-medium leading-snug text-ink-900">{r.headline}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
