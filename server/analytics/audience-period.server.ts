import { z } from "zod";
import type { Period } from "#common/analytics/audience-report.ts";
import { isoDay } from "../content/content-fields.ts";
import { addDays, utcDay } from "./utc-days.ts";

export type { Period };
export { PERIOD_CHOICES } from "#common/analytics/audience-report.ts";

/** Every day of the period, in order. */
export function daysOf(period: Period): string[] {
  const out: string[] = [];
  for (let d = period.from; d <= period.to && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}

export const periodQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(3660).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to" });

/** The period a query names: from/to, or the last `days` days to today (30 when neither is given). */
export function periodFrom(query: z.infer<typeof periodQuery>, now = new Date()): Period {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? addDays(to, -((query.days ?? 30) - 1));
  return { from, to };
}
