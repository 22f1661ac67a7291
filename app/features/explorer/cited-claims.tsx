import type { Claim, CompanySource } from "#common/content/company.ts";
import { longDay, longMonth } from "#common/format/en-us-format.ts";

// A profile's claims, each followed by the numbers of the sources it rests on;
// a number links to its entry under "Where to check these facts". An estimate
// links to its method instead. Without claims (a company added without them),
// the plain text shows as before.

export const sourceAnchor = (companyId: number, n: number) => `company-${companyId}-source-${n}`;
export const estimateAnchor = (companyId: number, index: number) => `company-${companyId}-estimate-${index + 1}`;

/** Every estimate of a profile, in reading order, so each marker can link to its method. */
export function estimatesOf(claims: readonly Claim[]): Claim[] {
  return claims.filter((c) => c.estimate);
}

interface MarksProps {
  claim: Claim;
  companyId: number;
  sources: readonly CompanySource[];
  estimates: readonly Claim[];
}

export function CitationMarks({ claim, companyId, sources, estimates }: MarksProps) {
  const estimate = claim.estimate ? estimates.indexOf(claim) : -1;
  if (!claim.cite.length && estimate < 0) return null;
  return (
    <sup className="ml-0.5 text-xs font-medium whitespace-nowrap text-copper-700">
      {claim.cite.map((n) => {
        const source = sources[n - 1];
        return (
          <a
            key={n}
            href={`#${sourceAnchor(companyId, n)}`}
            title={source ? `${source.title} (${source.publisher})` : undefined}
            aria-label={`source ${n}`}
            className="mx-0.5 rounded px-0.5 hover:underline focus-visible:outline-2 focus-visible:outline-copper-600"
          >
            [{n}]
          </a>
        );
      })}
      {estimate >= 0 ? (
        <a
          href={`#${estimateAnchor(companyId, estimate)}`}
          title={claim.estimate}
          className="mx-0.5 rounded px-0.5 hover:underline focus-visible:outline-2 focus-visible:outline-copper-600"
        >
          [estimate]
        </a>
      ) : null}
    </sup>
  );
}

/** Sentences, each with its marks. */
export function CitedProse({ claims, ...rest }: Omit<MarksProps, "claim"> & { claims: readonly Claim[] }) {
  return (
    <p>
      {claims.map((claim, i) => (
        <span key={i}>
          {i > 0 ? " " : null}
          {claim.text}
          <CitationMarks claim={claim} {...rest} />
        </span>
      ))}
    </p>
  );
}

/**
 * "December 3, 2024", "December 2024" or "2024": a source's date as precisely as it is known.
 * Printed without Intl: the first Intl object loads ICU's data, and a shared profile's sources
 * were 60 ms of a phone's first task (issue 43).
 */
export function sourceDate(date: string): string {
  if (date.length === 4) return longMonth(`${date}-01`).slice(-4);
  return date.length === 7 ? longMonth(date) : longDay(date);
}

/** The numbered sources, then how each estimate was made. */
export function SourceList({ companyId, sources, estimates }: Omit<MarksProps, "claim">) {
  return (
    <>
      <ol className="list-decimal space-y-1 pl-6 text-sm text-ink-700">
        {sources.map((source, i) => (
          <li key={i} id={sourceAnchor(companyId, i + 1)} className="scroll-mt-4">
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-ink-900 underline decoration-ink-900/30 hover:decoration-ink-900"
            >
              {source.title}
            </a>
            . {source.publisher}, <time dateTime={source.date}>{sourceDate(source.date)}</time>.
          </li>
        ))}
      </ol>
      {estimates.length ? (
        <>
          <h4 className="mt-4 mb-1 text-sm font-semibold text-ink-900">How the estimates were made</h4>
          <ul className="list-disc space-y-1 pl-6 text-sm text-ink-700">
            {estimates.map((claim, i) => (
              <li key={i} id={estimateAnchor(companyId, i)} className="scroll-mt-4">
                <q>{claim.text}</q>: {claim.estimate}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
