// System errors of a connection that could not be made or was lost.
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// node-postgres says these in words, without a code.
const CONNECTION_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|database is locked/i;

/**
 * Whether an error means the database cannot be reached or cannot take the
 * query now (down, restarting, out of connections, or SQLite busy past its
 * timeout), rather than that the query or the code was wrong. Such a failure is
 * the site's "unavailable" (503 with Retry-After), the same on pages and the API.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (CONNECTION_CODES.has(code)) return true;
      // PostgreSQL's SQLSTATE: class 08 (connection exception), 57P01-57P03 (shutting down, cannot connect now), 53300 (too many connections).
      if (/^08...$/.test(code) || /^57P0[123]$/.test(code) || code === "53300") return true;
    }
    if (typeof message === "string" && CONNECTION_WORDS.test(message)) return true;
  }
  return false;
}

/** What a visitor or client is told while the database is unavailable. */
export const DATABASE_UNAVAILABLE = {
  message: "The site's database is unavailable right now. Please try again in a moment.",
  retryAfterSeconds: 5,
} as const;
