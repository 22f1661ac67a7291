import type { Company } from "#common/content/company.ts";
import {
  APPROVAL_CLASS_LABELS,
  APPROVAL_CLASSES,
  colaRegistryUrl,
  LABELS_PATH,
  labelName,
  labelQuery,
  labelType,
  RECENT_LABEL_DAYS,
  type LabelPage,
} from "#common/records/label-approval.ts";

// "What has Sazerac filed lately?" (issue 41): a question on one company's label approvals is
// answered from TTB's registry as the hub holds it, the approvals joined to that company.

/** Approvals an answer lists; /data/labels lists the rest. */
export const LABELS_ANSWER_ITEMS = 8;

/** A company's approvals, as the answer reads them: the last 90 days, and the latest ever where those are none. */
export interface CompanyApprovals {
  recent: LabelPage;
  /** Read only when `recent` holds none. */
  latest?: LabelPage | undefined;
}

/** The label approvals for an answer; undefined until the registry has been imported. Injected into the provider. */
export type LabelsLookup = (companyId: number) => Promise<CompanyApprovals | undefined>;

const DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const day = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function lines(page: LabelPage): string[] {
  return page.items.slice(0, LABELS_ANSWER_ITEMS).map((a) => {
    const type = labelType(a).toLowerCase();
    return `- **${APPROVAL_CLASS_LABELS[a.approvalClass]}**: ${labelName(a)} (${type}), approved ${day(a.completedOn)}. [TTB ID ${a.ttbId}](${colaRegistryUrl(a.ttbId)})`;
  });
}

/** "2 new brands, 3 new products and 1 renewal", of the approvals listed. */
function classCounts(page: LabelPage): string {
  const counts = APPROVAL_CLASSES.map((c) => [c, page.items.filter((a) => a.approvalClass === c).length] as const)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => plural(n, APPROVAL_CLASS_LABELS[c].toLowerCase(), `${APPROVAL_CLASS_LABELS[c].toLowerCase()}s`));
  return counts.length > 1 ? `${counts.slice(0, -1).join(", ")} and ${counts.at(-1)}` : (counts[0] ?? "");
}

const CAVEAT =
  "An approval is not a launch: many approved labels never ship, and a label changed in any way is approved again.";

/** The answer to a question on `company`'s label approvals. */
export function labelsAnswer(company: Company, approvals: CompanyApprovals): string {
  const all = `${LABELS_PATH}${labelQuery({ company: company.id })}`;
  const more = `[Every approval of ${company.name}](${all}) on the hub's label approvals page.`;
  const { recent, latest } = approvals;
  if (recent.total > 0) {
    const listed = recent.total > LABELS_ANSWER_ITEMS ? ` The latest ${LABELS_ANSWER_ITEMS}:` : "";
    return [
      `**${company.name}: label approvals, last ${RECENT_LABEL_DAYS} days**`,
      `TTB's Public COLA Registry shows ${plural(recent.total, "label", "labels")} approved for ${company.name}'s brands in the last ${RECENT_LABEL_DAYS} days` +
        (recent.total <= LABELS_ANSWER_ITEMS ? `: ${classCounts(recent)}.` : `.${listed}`),
      lines(recent).join("\n"),
      `${more} ${CAVEAT}`,
    ].join("\n\n");
  }
  if (latest && latest.total > 0)
    return [
      `**${company.name}: label approvals**`,
      `No label was approved for ${company.name}'s brands in the last ${RECENT_LABEL_DAYS} days in the registry as the hub holds it (through ${day(recent.latest!)}). The latest ${latest.total === 1 ? "one" : Math.min(latest.total, LABELS_ANSWER_ITEMS)}:`,
      lines(latest).join("\n"),
      `${more} ${CAVEAT}`,
    ].join("\n\n");
  return [
    `**${company.name}: label approvals**`,
    `The registry's approvals the hub holds (through ${day(recent.latest!)}) include none joined to ${company.name}. The hub joins an approval by the company's key brands, its names and any permit the company data lists, so a label filed under another brand name is not counted.`,
    `[Every approval the hub holds](${LABELS_PATH}).`,
  ].join("\n\n");
}
