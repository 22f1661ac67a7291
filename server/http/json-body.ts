import express, { type RequestHandler } from "express";
import { BODY_BUDGET_RETRY_SECONDS, BODY_BUFFERS } from "./body-budget.ts";
import { HttpError } from "./errors.ts";

/**
 * Accepts only a JSON body of at most `limitBytes`: 415 for any other type,
 * 413 when larger, 400 when it does not parse, 503 with Retry-After when the
 * process already holds as many bodies as its budget allows (body-budget.ts).
 * Each answer is a short message.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const parse = express.json({ limit: limitBytes, type: "application/json", strict: true });
  return [
    (req, res, next) => {
      if (!req.is("application/json")) return next(new HttpError(415, "Send the body as application/json"));
      // Room for what the body says it is, or for the most it may be when it does not say; one
      // larger than the limit is refused by the parser from its Content-Length, unread.
      const declared = Number(req.headers["content-length"]);
      const room = Number.isFinite(declared) ? declared : limitBytes;
      if (declared > limitBytes || BODY_BUFFERS.take(res, room)) return next();
      next(
        new HttpError(503, "The server is busy receiving other requests; try again in a few seconds", {
          "Retry-After": String(BODY_BUDGET_RETRY_SECONDS),
        }),
      );
    },
    (req, res, next) => {
      parse(req, res, (err?: unknown) => {
        if (!err) return next();
        const type = (err as { type?: string }).type;
        if (type === "entity.too.large")
          return next(new HttpError(413, `The body must be at most ${Math.round(limitBytes / 1024)} KB`));
        if (type === "entity.parse.failed") return next(new HttpError(400, "The body is not valid JSON"));
        if (type === "charset.unsupported" || type === "encoding.unsupported")
          return next(new HttpError(415, "Send the body as UTF-8 JSON"));
        next(err);
      });
    },
  ];
}
