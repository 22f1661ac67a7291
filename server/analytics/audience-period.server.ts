import { z } from "zod";

import type { Period } from "#common/analytics/audience-report.ts";

export type { Period };
export { PERIOD_CHOICES } from "#common/analytics/audience-report.ts";

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Every day of the period, in order. */
export function daysOf(period: Period): string[] {
  const out: string[] = [];
  for (let d = period.from; d <= period.to && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}

const validDay = z
  .string()
  .regex(ISO_DAY, "expected a date as YYYY-MM-DD")
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && dayOf(Date.parse(`${d}T00:00:00Z`)) === d,
    "expected a real date",
  );

export const periodQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(3660).optional(),
    from: validDay.optional(),
    to: validDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to" });

/** The period a query names: from/to, or the last `days` days to today (30 when neither is given). */
export function periodFrom(query: z.infer<typeof periodQuery>, now = new Date()): Period {
  const to = query.to ?? dayOf(now.getTime());
  const from = query.from ?? addDays(to, -((query.days ?? 30) - 1));
  return { from, to };
}
