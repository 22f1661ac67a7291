import type { Company } from "#common/content/company.ts";
import { LABELS_PATH, RECENT_LABEL_DAYS, labelQuery, type LabelPage } from "#common/records/label-approval.ts";
import { LabelItems } from "../../components/label-items";
import { useLoadedOnce } from "../../hooks/use-loaded-once";

/** A company's recent approvals as the profile shows them: the server's, with the page, or the API's. */
export interface CompanyLabels {
  companyId: number;
  page: LabelPage;
}

/** The most approvals a profile lists; the link goes on to the rest. */
export const PROFILE_LABELS = 10;

const apiUrl = (companyId: number) => `/api/data/labels${labelQuery({ company: companyId, days: RECENT_LABEL_DAYS })}`;

/**
 * "Label approvals, last 90 days" in a profile (issue 41): the labels TTB approved for the company's
 * brands lately. The server renders it into /explorer?company=… (`initial`); a profile opened in
 * the browser asks the API. Where the registry was never imported, the section says so.
 */
export function CompanyLabelsSection({ company, initial }: { company: Company; initial: CompanyLabels | null }) {
  const { data: page, failed } = useLoadedOnce<LabelPage>(
    apiUrl(company.id),
    initial?.companyId === company.id ? initial.page : null,
  );

  const headingId = `company-${company.id}-labels`;
  const all = `${LABELS_PATH}${labelQuery({ company: company.id })}`;
  return (
    <section className="mt-6" aria-labelledby={headingId} aria-busy={!page && !failed}>
      <h3 id={headingId} className="mb-2 font-display text-lg font-semibold text-ink-950">
        Label approvals, last {RECENT_LABEL_DAYS} days
      </h3>
      {!page ? (
        <p role="status" className="text-ink-700">
          {failed ? "The label approvals could not be loaded. Try again later." : "Loading label approvals…"}
        </p>
      ) : page.latest === null ? (
        <p className="text-ink-700">No label approvals have been imported yet.</p>
      ) : page.total === 0 ? (
        <p className="text-ink-700">
          No label approved for {company.name} in the last {RECENT_LABEL_DAYS} days.{" "}
          <a href={all} className="font-semibold text-copper-700 underline">
            Every approval of {company.name}
          </a>
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-600">
            {page.total === 1 ? "One label approved" : `${page.total} labels approved`} in TTB&rsquo;s registry.
          </p>
          <LabelItems items={page.items.slice(0, PROFILE_LABELS)} showCompany={false} />
          <p className="mt-1 text-sm">
            <a href={all} className="font-semibold text-copper-700 underline">
              Every approval of {company.name}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
