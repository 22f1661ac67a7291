import { randomUUID } from "node:crypto";
import { NEWSLETTER_SECRET_PATH } from "../newsletter/newsletter-links.ts";

const REQUEST_ID = /^[\w-]{8,64}$/;

/** The request's id: the one the client or proxy sent (X-Request-Id) when it looks like one, else a new one. */
export const requestIdOf = (given: string | string[] | undefined): string =>
  typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();

/**
 * Errors and refusals are always logged; successes as often as REQUEST_LOG_SAMPLE says, so
 * that under a crowd the log is a sample, not the limit on throughput.
 */
export const requestLogLevel = (status: number, failed: boolean, sample: number): "error" | "info" | "silent" =>
  failed || status >= 500 ? "error" : status >= 400 || Math.random() < sample ? "info" : "silent";

/** What a request's log line says of it, and of its answer. */
export const loggedRequest = (req: { id: unknown; method: string; url: string }) => ({
  id: req.id,
  method: req.method,
  url: withoutSecrets(req.url),
});
export const loggedResponse = (res: { statusCode: number }) => ({ statusCode: res.statusCode });

/** The messages of a request's log line: its answer sent whole, or the request or answer cut off. */
export const REQUEST_COMPLETED = "request completed";
export const REQUEST_ABORTED = "request aborted";
/** Which one, once the answer has finished or its connection closed (as pino-http judges it). */
export const requestMessage = (req: { readableAborted: boolean }, res: { writableEnded: boolean }) =>
  !req.readableAborted && res.writableEnded ? REQUEST_COMPLETED : REQUEST_ABORTED;

/**
 * A one-time link's secret (set-password, confirm and unsubscribe links) never reaches the logs,
 * nor a tracked mail's token (it names a subscriber).
 */
const SECRET_PATHS = [
  /^(\/admin\/password\/)[^/?#.]+/,
  NEWSLETTER_SECRET_PATH,
  /^(\/newsletter\/[oc]\/)[^/?#]+/,
  // The signed links of the digest (issue 42): the manage page and the unsubscribe.
  /^(\/follows\/(?:unsubscribe\/)?)[^/?#]+/,
];
export const withoutSecrets = (url: string) =>
  SECRET_PATHS.reduce((shown, secret) => shown.replace(secret, "$1[secret]"), url);
