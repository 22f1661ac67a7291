import type { ErrorRequestHandler } from "express";
import type { Config } from "../config.ts";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../db/unavailable.ts";
import { errorPageCsp, errorPageHtml } from "./error-page.ts";
import { HttpError, toHttpError } from "./errors.ts";
import { looksLikePage } from "./security-headers.ts";

/**
 * The last handler: a refusal or a failure as its status and a short message (JSON for the API,
 * an error page for a page), the cause logged with the request's id, never a stack outside
 * development.
 */
export function errorHandler(config: Config): ErrorRequestHandler {
  return (thrown, req, res, _next) => {
    const err = toHttpError(thrown) as (Error & { status?: unknown; expose?: boolean }) | undefined;
    const unavailable = !(err instanceof HttpError) && isDatabaseUnavailable(err);
    const status = unavailable
      ? 503
      : err instanceof HttpError
        ? err.status
        : typeof err?.status === "number"
          ? err.status
          : 500;
    // The cause, with its stack and the request's id (pino-http's own line says only the status).
    if (status >= 500) req.log.error({ err }, unavailable ? "request failed: database unavailable" : "request failed");
    if (res.headersSent) return res.end();
    if (err instanceof HttpError) res.set(err.headers);
    if (unavailable) res.set("Retry-After", String(DATABASE_UNAVAILABLE.retryAfterSeconds));
    // A page that failed to render, or was refused for asking too fast, gets a page saying so, never JSON or an empty 200.
    const refused = status === 429 && err instanceof HttpError;
    if ((status >= 500 || refused) && (req.method === "GET" || req.method === "HEAD") && looksLikePage(req.path)) {
      res
        .status(status)
        .set({ "Content-Security-Policy": errorPageCsp(config), "Cache-Control": "no-store" })
        .type("html")
        .send(errorPageHtml(config, status, refused ? err.message : undefined));
      return;
    }
    const message =
      err instanceof HttpError || (status < 500 && err?.expose)
        ? String(err.message)
        : unavailable
          ? DATABASE_UNAVAILABLE.message
          : status >= 500
            ? "Internal server error"
            : "Bad request";
    const body: { error: string; stack?: string } = { error: message };
    if (config.isDevelopment && err instanceof Error && status >= 500) body.stack = err.stack;
    res.status(status).json(body);
  };
}
