import type { Kysely, SelectQueryBuilder } from "kysely";
import {
  RECENT_LABEL_DAYS,
  LABELS_PAGE_SIZE,
  type LabelApproval,
  type LabelFilters,
  type LabelPage,
} from "#common/records/label-approval.ts";
import { COMPANIES } from "../content/companies.server.ts";
import type { DB } from "../db/schema.ts";
import { lenientLabelQuery } from "./label-filters.ts";
import { readNumberedPage, type PageWindow } from "../data/list-page.server.ts";
import { TTB_COLA_SOURCE } from "./ttb-source.ts";

// Reading the label approvals for /data/labels, its feed, the API, the profiles and the assistant.

const NAMES = new Map(COMPANIES.map((c) => [c.id, c.name]));

/** The day `days` before `now`, as the registry dates an approval (UTC). */
export const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

function filtered<O>(
  query: SelectQueryBuilder<DB, "label_approvals", O>,
  filters: LabelFilters,
  now: Date,
): SelectQueryBuilder<DB, "label_approvals", O> {
  let q = query;
  if (filters.company !== undefined) q = q.where("company_id", "=", filters.company);
  if (filters.approvalClass) q = q.where("approval_class", "=", filters.approvalClass);
  if (filters.classType) q = q.where("class_type", "=", filters.classType);
  if (filters.days !== undefined) q = q.where("completed_on", ">", dayBefore(now, filters.days));
  return q;
}

/** One page of the approvals the filters keep, newest first (by day, then TTB ID). */
export async function labelPage(
  db: Kysely<DB>,
  filters: LabelFilters,
  page = 1,
  options: { now?: Date; size?: number } = {},
): Promise<LabelPage> {
  const now = options.now ?? new Date();
  const size = options.size ?? LABELS_PAGE_SIZE;
  // A page past the end (an old link, fewer approvals after a filter) reads as the last page.
  const read = async (window: PageWindow) => {
    const [rows, count] = await Promise.all([
      filtered(db.selectFrom("label_approvals").selectAll(), filters, now)
        .orderBy("completed_on", "desc")
        .orderBy("ttb_id", "desc")
        .limit(window.perPage)
        .offset(window.offset)
        .execute(),
      filtered(
        db.selectFrom("label_approvals").select((e) => e.fn.countAll().as("n")),
        filters,
        now,
      ).executeTakeFirstOrThrow(),
    ]);
    return { items: rows, total: Number(count.n) };
  };
  const [shown, latest] = await Promise.all([
    readNumberedPage(page, size, read),
    db
      .selectFrom("label_approvals")
      .select((e) => e.fn.max("completed_on").as("day"))
      .executeTakeFirst(),
  ]);
  return {
    items: shown.items.map((r) => ({
      ttbId: r.ttb_id,
      completedOn: r.completed_on,
      brandName: r.brand_name,
      fancifulName: r.fanciful_name,
      permitNumber: r.permit_number,
      classType: r.class_type,
      classTypeDescription: r.class_type_desc,
      origin: r.origin,
      originDescription: r.origin_desc,
      approvalClass: r.approval_class,
      company:
        r.company_id !== null && NAMES.has(r.company_id) ? { id: r.company_id, name: NAMES.get(r.company_id)! } : null,
    })) satisfies LabelApproval[],
    total: shown.total,
    page: shown.page,
    pages: shown.pageCount,
    latest: (latest?.day as string | null | undefined) ?? null,
  };
}

/** What the filters of /data/labels offer: the companies with approvals, and the classes and types held. */
export async function labelChoices(
  db: Kysely<DB>,
): Promise<{ companies: Array<{ id: number; name: string }>; types: Array<{ code: string; description: string }> }> {
  const [companies, types] = await Promise.all([
    db.selectFrom("label_approvals").select("company_id").distinct().where("company_id", "is not", null).execute(),
    db.selectFrom("label_approvals").select(["class_type", "class_type_desc"]).distinct().execute(),
  ]);
  const described = new Map<string, string>();
  for (const t of types) if (!described.get(t.class_type)) described.set(t.class_type, t.class_type_desc ?? "");
  return {
    companies: companies
      .flatMap((c) =>
        c.company_id !== null && NAMES.has(c.company_id) ? [{ id: c.company_id, name: NAMES.get(c.company_id)! }] : [],
      )
      .sort((a, b) => a.name.localeCompare(b.name)),
    types: [...described]
      .map(([code, description]) => ({ code, description: description || `class/type ${code}` }))
      .sort((a, b) => a.description.localeCompare(b.description)),
  };
}

/** Whether any approval is held at all: the assistant says "none lately" only where the registry was imported. */
export async function anyApprovals(db: Kysely<DB>): Promise<boolean> {
  return Boolean(await db.selectFrom("label_approvals").select("ttb_id").limit(1).executeTakeFirst());
}

/** What /data/labels shows for its address: a page of the approvals its filters keep, the choices, the source. */
export async function labelsPageData(db: Kysely<DB>, params: URLSearchParams) {
  const { filters, page } = lenientLabelQuery(params);
  // The page reads no window of days: a cached page would go stale with the calendar.
  const shown: LabelFilters = { ...filters, days: undefined };
  const [result, choices] = await Promise.all([labelPage(db, shown, page), labelChoices(db)]);
  return { ...result, filters: shown, choices, source: TTB_COLA_SOURCE };
}

/**
 * One company's approvals as the assistant answers from them: the last 90 days, and its latest
 * ever where those are none; undefined until the registry has been imported at all.
 */
export async function companyApprovals(
  db: Kysely<DB>,
  companyId: number,
): Promise<{ recent: LabelPage; latest?: LabelPage } | undefined> {
  const recent = await labelPage(db, { company: companyId, days: RECENT_LABEL_DAYS });
  if (recent.latest === null) return undefined;
  return recent.total > 0 ? { recent } : { recent, latest: await labelPage(db, { company: companyId }) };
}
