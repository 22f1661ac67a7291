import type { RequestHandler } from "express";
import { RateLimitError } from "../limits/rate-limit.ts";

/** An error whose message is meant for the client, with its HTTP status and any headers it needs. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** Any /api path no route claimed. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Not found" });
};

/** A domain error as the client gets it: a used-up limit is 429 with when to come back; anything else is left as it is. */
export function toHttpError(err: unknown): unknown {
  if (err instanceof RateLimitError)
    return new HttpError(429, err.message, { "Retry-After": String(err.retryAfterSeconds) });
  return err;
}
