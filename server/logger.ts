import { pino, type Logger } from "pino";

export type { Logger };

// Credentials inside addresses (postgres://user:password@…, smtp://user:password@…, redis://:password@…).
const CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]+@/gi;
/** A text with any address's password replaced, for the log. */
export const withoutCredentials = (text: string) => text.replace(CREDENTIALS, "$1[secret]@");

/** pino's error serializer (message, stack, code and the rest), with credentials taken out of the text. */
export function errorForLog(err: unknown) {
  if (!(err instanceof Error)) return err;
  const shown = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(shown))
    if (typeof value === "string") shown[key] = withoutCredentials(value);
  return shown;
}

/**
 * The server's logger, writing JSON lines to stdout. Asynchronously: a line is written at once
 * when the output is idle, and lines that come while a write is under way go out together with
 * the next one, so a crowd's request log costs a write per batch, not per line (issue 43); what
 * is still waiting is written when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: errorForLog },
      redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
