// A label approval as the pages, the feed, the API and the assistant show it (issue 41). No
// dependencies, so browser code may import it.

export const APPROVAL_CLASSES = ["new-brand", "new-product", "renewal"] as const;
export type ApprovalClassName = (typeof APPROVAL_CLASSES)[number];

/** How each class is said. */
export const APPROVAL_CLASS_LABELS: Record<ApprovalClassName, string> = {
  "new-brand": "New brand",
  "new-product": "New product",
  renewal: "Renewal",
};

export interface LabelApproval {
  ttbId: string;
  /** YYYY-MM-DD. */
  completedOn: string;
  brandName: string;
  /** "" when the label has none. */
  fancifulName: string;
  permitNumber: string;
  classType: string;
  classTypeDescription: string | null;
  origin: string;
  originDescription: string | null;
  approvalClass: ApprovalClassName;
  /** The Top Player it was joined to. */
  company: { id: number; name: string } | null;
}

/** The filters of /data/labels, its feed and its API. */
export interface LabelFilters {
  company?: number | undefined;
  approvalClass?: ApprovalClassName | undefined;
  /** A class and type code ("101"). */
  classType?: string | undefined;
  /** Only approvals completed in the last this many days. */
  days?: number | undefined;
}

/** A page of approvals, newest first. */
export interface LabelPage {
  items: LabelApproval[];
  total: number;
  page: number;
  pages: number;
  /** The latest approval held, whatever the filters: the registry's as-of day on the hub. */
  latest: string | null;
}

export const LABELS_PATH = "/data/labels";
export const LABELS_FEED_PATH = "/feeds/labels.xml";
/** Approvals a page of /data/labels lists; the feed lists as many. */
export const LABELS_PAGE_SIZE = 50;
/** The window of a profile's recent approvals. */
export const RECENT_LABEL_DAYS = 90;

/** The registry's own page of an approval. */
export const colaRegistryUrl = (ttbId: string) =>
  `https://ttbonline.gov/colasonline/viewColaDetails.do?action=publicDisplaySearchBasic&ttbid=${encodeURIComponent(ttbId)}`;

/** The query string of a set of filters (and a page), in one order, for links and the feed. */
export function labelQuery(filters: LabelFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.company !== undefined) params.set("company", String(filters.company));
  if (filters.approvalClass) params.set("class", filters.approvalClass);
  if (filters.classType) params.set("type", filters.classType);
  if (filters.days !== undefined) params.set("days", String(filters.days));
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "Buffalo Trace" or "Buffalo Trace: Kosher Wheat Recipe", as the registry writes it. */
export const labelName = (a: Pick<LabelApproval, "brandName" | "fancifulName">) =>
  a.fancifulName ? `${a.brandName}: ${a.fancifulName}` : a.brandName;

/** "STRAIGHT BOURBON WHISKY" or, from an export without the descriptions, "class/type 101". */
export const labelType = (a: Pick<LabelApproval, "classType" | "classTypeDescription">) =>
  a.classTypeDescription || `class/type ${a.classType}`;
