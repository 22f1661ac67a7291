import { FILED_MEASURE_LABELS, filedDollars, type FilingReview } from "#common/records/filed-figures.ts";

/**
 * "Profile claims due for review" on the desk's Data page (issue 41): each listed company's figure
 * that an annual report imported since may have overtaken. The hub never rewrites a curated claim;
 * an editor checks the filing and updates content/companies.json, and the item leaves the list once
 * the claim rests on a document at least as new as the filing.
 */
export function FilingReviews({ reviews }: { reviews: FilingReview[] }) {
  return (
    <section aria-labelledby="filing-reviews-title" className="space-y-3" data-filing-reviews>
      <h2 id="filing-reviews-title" className="text-lg font-semibold text-ink-950">
        Profile claims due for review
      </h2>
      {reviews.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-600">
          No profile claim is older than a filing imported since.
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-700">
            An annual report filed after these claims&apos; sources reports a later fiscal year. Check the filing and
            update the claim in content/companies.json; the hub never changes a profile by itself.
          </p>
          <ul className="space-y-3">
            {reviews.map((review) => (
              <li
                key={`${review.company.id} ${review.field}`}
                className="rounded-card bg-surface p-4 shadow-card"
                data-review-company={review.company.id}
              >
                <p className="font-semibold text-ink-950">
                  <a href={`/explorer?company=${review.company.id}`} className="text-copper-700 underline">
                    {review.company.name}
                  </a>
                  , {review.field}
                </p>
                <blockquote className="mt-1 border-l-2 border-ink-900/20 pl-3 text-sm text-ink-800">
                  {review.claim}
                </blockquote>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-ink-800">
                  <dt className="text-ink-600">The claim</dt>
                  <dd>
                    {review.claimPeriod}, resting on documents of {review.claimAsOf}
                  </dd>
                  <dt className="text-ink-600">Newer filing</dt>
                  <dd>
                    <a href={review.filing.url} className="text-copper-700 underline" rel="noreferrer">
                      {review.filing.form} filed {review.filing.filedOn}
                    </a>
                    , fiscal year to {review.periodEnd}
                    {review.figure
                      ? `: ${FILED_MEASURE_LABELS[review.figure.measure]} ${filedDollars(review.figure.value)}`
                      : ""}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
