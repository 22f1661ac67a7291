import { COVERAGE_TEXTS } from "#common/search/company-coverage.ts";
import { opensElsewhere } from "../../lib/opens-elsewhere";

/**
 * The two orders of the tables as links (`?sort=coverage` or none), so the
 * choice works without JavaScript and can be shared; with it, `onChoose`
 * reorders in place. The current one is marked with aria-current.
 */
export function CoverageSort({
  active,
  href,
  onChoose,
  pastQuarter,
}: {
  active: boolean;
  href: (coverage: boolean) => string;
  onChoose: (coverage: boolean) => void;
  /** The quarter counted when it is not the current one. */
  pastQuarter?: string | undefined;
}) {
  const option = (coverage: boolean, label: string) => (
    <a
      href={href(coverage)}
      onClick={(e) => {
        if (opensElsewhere(e)) return;
        e.preventDefault();
        onChoose(coverage);
      }}
      aria-current={active === coverage ? "true" : undefined}
      className={`rounded-md px-2 py-1 ${active === coverage ? "bg-ink-900 text-white" : "text-copper-700 underline hover:text-ink-950"}`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Order of the tables" className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-700">
      <span>Order:</span>
      {option(false, COVERAGE_TEXTS.sortByRank)}
      {option(true, COVERAGE_TEXTS.sortByCoverage(pastQuarter))}
    </nav>
  );
}
