import {
  APPROVAL_CLASS_LABELS,
  colaRegistryUrl,
  labelName,
  labelType,
  type LabelApproval,
} from "#common/records/label-approval.ts";
import { DateText } from "./date-text";

const CLASS_TONES: Record<LabelApproval["approvalClass"], string> = {
  "new-brand": "bg-emerald-100 text-emerald-900",
  "new-product": "bg-blue-100 text-blue-900",
  renewal: "bg-paper-strong text-ink-800",
};

/**
 * Label approvals as a list of cards (a table of seven columns does not fit a phone): the day,
 * the brand and fanciful name, the class, the type and origin, the company it was joined to, and
 * a link to the approval's record in TTB's registry.
 */
export function LabelItems({ items, showCompany = true }: { items: LabelApproval[]; showCompany?: boolean }) {
  return (
    <ol className="divide-y divide-ink-900/5" aria-label="Label approvals">
      {items.map((a) => (
        <li key={a.ttbId} className="py-3" data-ttb-id={a.ttbId}>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <DateText date={a.completedOn} className="text-sm text-ink-600 tabular-nums" />
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${CLASS_TONES[a.approvalClass]}`}>
              {APPROVAL_CLASS_LABELS[a.approvalClass]}
            </span>
          </div>
          <p className="mt-1 font-semibold break-words text-ink-950">{labelName(a)}</p>
          <p className="text-sm text-ink-700">
            {labelType(a)}
            {a.originDescription ? `, ${a.originDescription}` : ""}
            {showCompany ? (
              <>
                {" · "}
                {a.company ? (
                  <a href={`/explorer?company=${a.company.id}`} className="text-copper-700 underline">
                    {a.company.name}
                  </a>
                ) : (
                  <span>Not joined to a Top Player</span>
                )}
              </>
            ) : null}
          </p>
          <p className="text-sm text-ink-600">
            Permit {a.permitNumber} ·{" "}
            <a href={colaRegistryUrl(a.ttbId)} className="text-copper-700 underline" rel="noopener">
              TTB ID {a.ttbId}
            </a>
          </p>
        </li>
      ))}
    </ol>
  );
}
