import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { Config } from "../../config.ts";
import { HttpError } from "../errors.ts";
import { RateLimit } from "../../limits/rate-limit.ts";

/** Wrong tokens allowed per client address before the admin API refuses it for a while. */
export const ADMIN_FAILURES = { points: 5, seconds: 10 * 60 };

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Guards /api/admin: 404 when ADMIN_TOKEN is unset (the API does not exist),
 * 400 for a token in the query string (addresses end up in logs and
 * histories), 401 for a missing or wrong Bearer token, compared in constant
 * time, and 429 with Retry-After after 5 wrong tokens from one address in 10
 * minutes.
 */
export function adminAuth(config: Config, redis?: Redis): RequestHandler {
  const expected = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : null;
  const failures = new RateLimit(
    "admin-auth",
    [ADMIN_FAILURES],
    (s) => `Too many wrong tokens. Try again in ${s} seconds`,
    redis,
  );

  return async (req, res, next) => {
    try {
      if (!expected) throw new HttpError(404, "Not found");
      const address = req.ip ?? "unknown";
      await failures.check(address);
      if (Object.keys(req.query).some((k) => /token|key|auth/i.test(k)))
        throw new HttpError(400, "Send the token in the Authorization header, not in the address");
      const match = /^Bearer ([^\s]+)$/.exec(req.get("authorization") ?? "");
      // Hashing both sides gives equal lengths, so the comparison takes the same time for any guess.
      if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
        await failures.consume(address);
        res.set("WWW-Authenticate", 'Bearer realm="admin"');
        throw new HttpError(401, match ? "Wrong token" : "Send Authorization: Bearer <ADMIN_TOKEN>");
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
