import type { Company } from "#common/content/company.ts";
import {
  FILED_MEASURE_LABELS,
  filedDollars,
  filingsApiUrl,
  periodName,
  type CompanyFilings,
} from "#common/records/filed-figures.ts";
import { useLoadedOnce } from "../../hooks/use-loaded-once";

/**
 * "Filed with the SEC" in a listed company's profile (issue 41): its revenue, excise taxes and net
 * sales for its latest fiscal years and quarter, each with the XBRL concept it was tagged with and a
 * link to the filing on EDGAR. The server renders it into /explorer?company=… (`initial`); a profile
 * opened in the browser asks the API. Where no filing was imported, the section says so.
 */
export function CompanyFilingsSection({ company, initial }: { company: Company; initial: CompanyFilings | null }) {
  const filer = company.secFiler;
  const { data: filings, failed } = useLoadedOnce<CompanyFilings>(
    filer ? filingsApiUrl(company.id) : undefined,
    initial?.companyId === company.id ? initial : null,
  );

  if (!filer) return null;
  const headingId = `company-${company.id}-filings`;
  const who = filer.of ?? company.name;
  return (
    <section className="mt-6" aria-labelledby={headingId} aria-busy={!filings && !failed} data-filings>
      <h3 id={headingId} className="mb-2 font-display text-lg font-semibold text-ink-950">
        Filed with the SEC
      </h3>
      <p className="text-sm text-ink-600">
        {filer.of ? `Figures of its parent, ${filer.of}, as filed` : "As filed"} on Form {filer.annualForm} and its
        quarterly reports (EDGAR CIK {filer.cik}), worldwide, in U.S. dollars.
      </p>
      {!filings ? (
        <p role="status" className="mt-2 text-ink-700">
          {failed ? "The filed figures could not be loaded. Try again later." : "Loading filed figures…"}
        </p>
      ) : filings.periods.length === 0 ? (
        <p className="mt-2 text-ink-700">No filings of {who} have been imported yet.</p>
      ) : (
        <div className="mt-2 space-y-3">
          {filings.periods.map((period) => (
            <div key={`${period.start} ${period.end}`} className="rounded-md border border-ink-900/10 p-3">
              <h4 className="text-sm font-semibold text-ink-900">{periodName(period)}</h4>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {period.figures.map((figure) => (
                  <div key={figure.measure} className="contents">
                    <dt className="text-ink-700">{FILED_MEASURE_LABELS[figure.measure]}</dt>
                    <dd className="text-ink-900">
                      <span className="font-semibold tabular-nums">{filedDollars(figure.value)}</span>{" "}
                      <a href={figure.filing.url} className="text-copper-700 underline" rel="noreferrer">
                        {figure.filing.form} filed {figure.filing.filedOn}
                      </a>
                      {figure.filing.amended ? " (amended)" : ""}
                      <span className="block text-xs break-words text-ink-600">
                        {figure.taxonomy}:{figure.concept}
                      </span>
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
