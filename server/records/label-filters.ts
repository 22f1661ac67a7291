import { z } from "zod";
import { APPROVAL_CLASSES, type LabelFilters } from "#common/records/label-approval.ts";

// The filters of /data/labels, its feed and its API, read from a query string at the boundary.

const field = {
  company: z.coerce.number().int().min(1).max(1000),
  class: z.enum(APPROVAL_CLASSES),
  // The registry's class and type codes are digits, some with a letter.
  type: z.string().regex(/^[0-9A-Za-z]{1,8}$/),
  days: z.coerce.number().int().min(1).max(3660),
  page: z.coerce.number().int().min(1).max(100_000),
};

export const labelQuerySchema = z
  .object({
    company: field.company.optional(),
    class: field.class.optional(),
    type: field.type.optional(),
    days: field.days.optional(),
    page: field.page.optional(),
  })
  .strict();

const asFilters = (q: z.infer<typeof labelQuerySchema>): { filters: LabelFilters; page: number } => ({
  filters: {
    ...(q.company !== undefined ? { company: q.company } : {}),
    ...(q.class ? { approvalClass: q.class } : {}),
    ...(q.type ? { classType: q.type.toUpperCase() } : {}),
    ...(q.days !== undefined ? { days: q.days } : {}),
  },
  page: q.page ?? 1,
});

/** The API's reading: a value that is not one is refused with its message (a 400). */
export function strictLabelQuery(query: Record<string, unknown>): { filters: LabelFilters; page: number } | string {
  const parsed = labelQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join(".") || "query"}: ${issue.message}`;
  }
  return asFilters(parsed.data);
}

/** A page's reading: a value that is not one is left out (an empty select, a stale link), the rest kept. */
export function lenientLabelQuery(params: URLSearchParams): { filters: LabelFilters; page: number } {
  const kept: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(field)) {
    const value = params.get(name);
    if (value && schema.safeParse(value).success) kept[name] = value;
  }
  return asFilters(labelQuerySchema.parse(kept));
}
