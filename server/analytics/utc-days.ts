/** The UTC calendar day of an instant (YYYY-MM-DD): the unit of every daily figure. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;

/** The day `n` days after `day` (before, for a negative `n`). */
export const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
