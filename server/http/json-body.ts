import express, { type RequestHandler } from "express";
import { HttpError } from "./errors.ts";

/**
 * Accepts only a JSON body of at most `limitBytes`: 415 for any other type,
 * 413 when larger, 400 when it does not parse. Each answer is a short message.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const parse = express.json({ limit: limitBytes, type: "application/json", strict: true });
  return [
    (req, _res, next) => {
      next(req.is("application/json") ? undefined : new HttpError(415, "Send the body as application/json"));
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
