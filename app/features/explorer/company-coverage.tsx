import { useEffect, useState } from "react";
import { useHydrated } from "../../hooks/use-hydrated";
import type { Company } from "#common/content/company.ts";
import { clock } from "#common/podcast/clock.ts";
import { COVERAGE_PAGE, COVERAGE_TEXTS, type CompanyCoverage } from "#common/search/company-coverage.ts";
import { DateText } from "../../components/date-text";
import { MarkedText } from "../../components/marked-text";

type Loading = "loading" | "more" | "failed" | "done";

/** The API address of a page of a company's coverage. */
export const coverageUrl = (companyId: number, cursor?: string) =>
  `/api/companies/${companyId}/coverage?limit=${COVERAGE_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

async function fetchCoverage(companyId: number, cursor?: string, signal?: AbortSignal): Promise<CompanyCoverage> {
  const res = await fetch(coverageUrl(companyId, cursor), { signal: signal ?? null });
  if (!res.ok) throw new Error(`coverage answered ${res.status}`);
  return (await res.json()) as CompanyCoverage;
}

/**
 * "Coverage on the hub" in a profile: the recaps that name the company and the
 * podcast moments where it is said, newest first. The server renders it into
 * /explorer?company=… (`initial`); a profile opened in the browser asks the API,
 * so the dialog opens at once with a loading line. "More coverage" pages on in
 * place; before the page's scripts run it is a link to the site search instead.
 */
export function CompanyCoverageSection({ company, initial }: { company: Company; initial: CompanyCoverage | null }) {
  const [pages, setPages] = useState<CompanyCoverage[]>(initial ? [initial] : []);
  const [loading, setLoading] = useState<Loading>(initial ? "done" : "loading");
  const hydrated = useHydrated();

  const show = (page: CompanyCoverage) => {
    setPages((before) => [...before, page]);
    setLoading("done");
  };

  useEffect(() => {
    if (initial) return;
    const abort = new AbortController();
    fetchCoverage(company.id, undefined, abort.signal).then(show, () => {
      if (!abort.signal.aborted) setLoading("failed");
    });
    return () => abort.abort();
    // One company per dialog (the dialog is keyed by company) and its first page: loaded once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [company.id]);

  const more = (cursor: string) => {
    setLoading("more");
    fetchCoverage(company.id, cursor).then(show, () => setLoading("failed"));
  };

  const first = pages[0];
  const last = pages.at(-1);
  const recaps = pages.flatMap((p) => p.recaps);
  const moments = pages.flatMap((p) => p.moments);
  const headingId = `company-${company.id}-coverage`;
  return (
    <section className="mt-6" aria-labelledby={headingId} aria-busy={loading === "loading" || loading === "more"}>
      <h3 id={headingId} className="mb-2 font-display text-lg font-semibold text-ink-950">
        {COVERAGE_TEXTS.title}
      </h3>
      {!first ? (
        <p role="status" className="text-ink-700">
          {loading === "failed" ? COVERAGE_TEXTS.failed : COVERAGE_TEXTS.loading}
        </p>
      ) : first.totals.recaps + first.totals.episodes === 0 ? (
        <p className="text-ink-700">{COVERAGE_TEXTS.empty(company.name)}</p>
      ) : (
        <>
          <p className="text-sm text-ink-600">{COVERAGE_TEXTS.summary(first.totals.recaps, first.totals.episodes)}</p>
          {recaps.length ? (
            <>
              <h4 className="mt-3 text-sm font-semibold tracking-wide text-ink-700 uppercase">
                {COVERAGE_TEXTS.recaps}
              </h4>
              <ul className="mt-1 divide-y divide-ink-900/5">
                {recaps.map((r) => (
                  <li key={r.id} className="py-2">
                    <DateText date={r.date} className="mr-2 text-sm text-ink-600" />
                    <a href={r.url} className="font-medium text-ink-950 underline-offset-2 hover:underline">
                      {r.headline}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {moments.length ? (
            <>
              <h4 className="mt-3 text-sm font-semibold tracking-wide text-ink-700 uppercase">
                {COVERAGE_TEXTS.moments}
              </h4>
              <ul className="mt-1 divide-y divide-ink-900/5">
                {moments.map((m, i) => (
                  <li key={`${m.episode_id}-${i}`} className="py-2">
                    <DateText date={m.date} className="mr-2 text-sm text-ink-600" />
                    <a href={m.url} className="font-medium text-ink-950 underline-offset-2 hover:underline">
                      {m.title}
                      {m.seconds !== null ? `, at ${clock(m.seconds)}` : ""}
                    </a>
                    <span className="mt-0.5 block text-sm text-ink-700">
                      <MarkedText value={m.snippet} />
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {last?.next_cursor ? (
            hydrated ? (
              <button
                type="button"
                disabled={loading === "more"}
                onClick={() => more(last.next_cursor!)}
                className="mt-3 rounded-md border border-ink-300 bg-surface px-3 py-1.5 text-sm font-medium text-ink-800 hover:bg-paper disabled:opacity-60"
              >
                {loading === "more" ? COVERAGE_TEXTS.loading : COVERAGE_TEXTS.more}
              </button>
            ) : (
              <a
                href={`/search?${new URLSearchParams({ q: company.name, kind: "recap" })}`}
                className="mt-3 inline-block text-sm font-medium text-copper-700 underline"
              >
                {COVERAGE_TEXTS.more}
              </a>
            )
          ) : null}
          {loading === "failed" ? (
            <p role="status" className="mt-2 text-sm text-ink-700">
              {COVERAGE_TEXTS.failed}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
