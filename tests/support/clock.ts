/**
 * The clock a test's date-relative expectations are read from. Tests that depend on
 * "today" (first 7 and 30 days, this quarter, the last 90 days, expiries, salts,
 * retention) import it, so they say so; CI runs the files that import it a second time
 * with the whole process tree's clock moved ahead (libfaketime: `bin/test-clock-ahead`),
 * and the test, its server and its browser then agree on that later "now".
 * PostgreSQL's server keeps the real clock, so that run uses SQLite.
 */
const DAY_MS = 86_400_000;

/**
 * The moved clock's variables (libfaketime's), for a process a test starts with an environment
 * of its own (the server, the hub CLI): it must see the test's "now", not the machine's.
 */
export const clockEnv = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && /^(LD_PRELOAD|FAKETIME)/.test(entry[0]),
    ),
  );

/** Now, as the test and the servers it starts see it. */
export const testNow = (): Date => new Date();

/** Today's UTC day (YYYY-MM-DD): the day the hub counts a download or a view on. */
export const testToday = (): string => testNow().toISOString().slice(0, 10);

/** The UTC day `n` days from today (negative: before). */
export const daysFromToday = (n: number): string =>
  new Date(testNow().getTime() + n * DAY_MS).toISOString().slice(0, 10);
