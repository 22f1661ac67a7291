import { Building2, MapPin, X } from "lucide-react";
import { useCitedCompany } from "./use-cited-company";
import { useEffect, useEffectEvent, useRef, type ReactNode } from "react";
import { claimsInReadingOrder, type Claim, type Company } from "#common/content/company.ts";
import { CopyLinkButton } from "../../components/copy-link-button";
import type { CompanyCoverage } from "#common/search/company-coverage.ts";
import { CitationMarks, CitedProse, estimatesOf, SourceList } from "./cited-claims";
import { CompanyCoverageSection } from "./company-coverage";
import { CompanyLabelsSection, type CompanyLabels } from "./company-labels";
import { CompanyFilingsSection } from "./company-filings";
import { FollowForm } from "../../components/follow-form";
import { followFeedPath, followPagePath } from "#common/follows/follow-item.ts";
import { topicSlug } from "#common/topics/topic.ts";
import type { CompanyFilings } from "#common/records/filed-figures.ts";

interface CompanyModalProps {
  company: Company;
  shareUrl: string;
  /** `returnFocus`: false for a profile the reader closed before the code came (focus is where they left it). */
  onClose: (returnFocus: boolean) => void;
  /** The coverage the server rendered with the page; null: the dialog loads it. */
  coverage: CompanyCoverage | null;
  /** The recent label approvals the server rendered with the page; null: the dialog loads them. */
  labels?: CompanyLabels | null;
  /** A listed company's filed figures the server rendered with the page; null: the dialog loads them. */
  filings?: CompanyFilings | null;
}

// Run as the server's HTML is parsed, at the dialog's end: the dialog is reopened as a modal at once,
// so a shared profile's address is a modal dialog from its first paint, before (and without) the
// page's code. A script React draws in the browser never runs: there the effect below does it.
const MODAL_AT_ONCE = "(()=>{const d=document.currentScript.parentElement;d.close();d.showModal()})()";

/**
 * A company's profile in the platform's modal <dialog>: it traps focus,
 * makes the page behind inert and closes on Escape by itself. The server
 * renders it open (non-modal) for /explorer?company=…, with a script that
 * reopens it as a modal as it is parsed; without JavaScript it stays open as it
 * is. The × button is a `method="dialog"` form, so it closes the dialog even
 * before the code comes.
 */
export function CompanyModal({
  company: listed,
  shareUrl,
  onClose,
  coverage,
  labels = null,
  filings = null,
}: CompanyModalProps) {
  const company = useCitedCompany(listed);
  const ref = useRef<HTMLDialogElement>(null);
  const profile = company.profile;
  const closed = useEffectEvent(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The server's dialog, closed by the reader before the code came: the profile is closed, and
    // focus stays where the reader has put it since.
    if (!dialog.open) {
      closed(false);
      return;
    }
    // Drawn here (open, not modal): reopened as a modal. The server's is one already.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [company.id]);

  if (!profile) return null;
  const titleId = `company-${company.id}-name`;
  const claims = company.claims;
  const all = claims ? claimsInReadingOrder(claims) : [];
  const cite = { companyId: company.id, sources: company.sources, estimates: estimatesOf(all) };
  const marks = (claim: Claim | undefined) => (claim ? <CitationMarks claim={claim} {...cite} /> : null);
  const prose = (claimed: Claim[] | undefined, plain: string) =>
    claimed ? <CitedProse claims={claimed} {...cite} /> : <p>{plain}</p>;
  return (
    <dialog
      ref={ref}
      open
      // A tap or click outside closes it natively, before the code comes too (where the browser knows closedby).
      closedby="any"
      aria-labelledby={titleId}
      // Reopening the server-rendered dialog as a modal queues a close event that arrives when it is open again: not a real close.
      onClose={(e) => {
        if (!e.currentTarget.open) onClose(true);
      }}
      // A click on the dialog element itself is a click on the backdrop: the content fills the box.
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className="fixed inset-0 z-50 m-auto max-h-[min(90dvh,56rem)] w-[min(100%-2rem,48rem)] overflow-hidden rounded-card bg-surface p-0 text-ink-900 shadow-2xl"
    >
      <div className="max-h-[min(90dvh,56rem)] overflow-y-auto p-6 sm:p-8">
        <header className="flex items-start gap-4">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium tracking-wide text-copper-700 uppercase">
              {company.type === "manufacturer" ? "Manufacturer" : "Distributor"}
            </p>
            <h2 id={titleId} className="mt-1 font-display text-2xl font-semibold text-ink-950 sm:text-3xl">
              {company.name}
            </h2>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600">
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                {company.location}
                {marks(claims?.location)}
              </span>
              <span className="inline-flex items-center gap-1">
                <Building2 className="h-4 w-4" aria-hidden="true" />
                Founded {profile.founded}
                {marks(claims?.founded)}
              </span>
            </p>
          </div>
          <form method="dialog">
            <button
              type="submit"
              aria-label="Close profile"
              className="rounded-md p-2 text-ink-600 hover:bg-paper hover:text-ink-950"
            >
              <X className="h-6 w-6" aria-hidden="true" />
            </button>
          </form>
        </header>

        <Section title="Company Overview">{prose(claims?.overview, profile.overview)}</Section>

        <dl className="mt-6 grid gap-4 rounded-lg bg-paper p-4 sm:grid-cols-2">
          <Fact term="Employees">
            {profile.employees}
            {marks(claims?.employees)}
          </Fact>
          <Fact term="Type">{company.type === "manufacturer" ? "Manufacturer" : "Distributor"}</Fact>
          <Fact term="Owner">
            {company.ownership}
            {marks(claims?.ownership)}
          </Fact>
          {company.sales ? (
            <Fact term="Sales">
              {company.sales}
              {marks(claims?.sales)}
            </Fact>
          ) : null}
          {company.revenue ? (
            <Fact term="Revenue">
              {company.revenue}
              {marks(claims?.revenue)}
            </Fact>
          ) : null}
          {company.coverage ? (
            <Fact term="Coverage">
              {company.coverage}
              {marks(claims?.coverage)}
            </Fact>
          ) : null}
          {claims ? (
            <Fact term="Rank basis">
              {claims.rankBasis.text}
              {marks(claims.rankBasis)}
            </Fact>
          ) : null}
        </dl>

        <Section title="Market Position">{prose(claims?.marketPosition, profile.marketPosition)}</Section>
        <Section title="Strategy">{prose(claims?.strategy, profile.strategy)}</Section>
        <Section title="Recent Developments">{prose(claims?.recentDevelopments, profile.recentDevelopments)}</Section>
        <Section title="Key Brands">
          {company.keyBrands.length ? (
            <ul className="flex flex-wrap gap-2">
              {company.keyBrands.map((brand, i) => (
                <li key={brand} className="rounded-full bg-copper-100 px-3 py-1 text-sm font-medium text-ink-900">
                  {brand}
                  {marks(claims?.keyBrands[i])}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-700">Not published</p>
          )}
        </Section>
        <CompanyCoverageSection company={company} initial={coverage} />
        {company.type === "manufacturer" ? <CompanyLabelsSection company={company} initial={labels} /> : null}
        <CompanyFilingsSection company={company} initial={filings} />
        <FollowForm
          item={{
            kind: "company",
            key: String(company.id),
            name: company.name,
            feedUrl: followFeedPath("company", String(company.id)),
          }}
          source="profile"
          title="Follow this company"
        />
        {company.type === "manufacturer" && company.keyBrands.length ? (
          <p className="mt-2 text-sm text-ink-700">
            Or follow a brand:{" "}
            {company.keyBrands.map((brand, i) => (
              <span key={brand}>
                {i ? " · " : ""}
                <a href={followPagePath("brand", topicSlug(brand))} className="text-copper-700 underline">
                  {brand}
                </a>
              </span>
            ))}
          </p>
        ) : null}
        <Section title="Where to check these facts">
          <SourceList {...cite} />
        </Section>

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-ink-900/10 pt-4">
          <CopyLinkButton url={shareUrl} what={`${company.name} profile`} />
          <form method="dialog">
            <button
              type="submit"
              className="rounded-md bg-ink-900 px-4 py-2 text-sm font-medium text-white hover:bg-ink-800"
            >
              Close
            </button>
          </form>
        </div>
      </div>
      <script dangerouslySetInnerHTML={{ __html: MODAL_AT_ONCE }} />
    </dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="mb-2 font-display text-lg font-semibold text-ink-950">{title}</h3>
      <div className="leading-relaxed text-ink-800">{children}</div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{term}</dt>
      <dd className="mt-1 text-ink-900">{children}</dd>
    </div>
  );
}
