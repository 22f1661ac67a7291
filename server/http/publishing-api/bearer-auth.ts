import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { Config } from "../../config.ts";
import { HttpError } from "../errors.ts";
import { RateLimit } from "../../limits/rate-limit.ts";

/** Wrong tokens allowed per client address before the admin API refuses it for a while. */
export const ADMIN_FAILURES = { points: 5, seconds: 10 * 60 };

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * ADMIN_TOKEN as requests present it, and the wrong tokens each client address has sent: the
 * publishing API and /healthz's detail take the same token and count against the same limit, so
 * neither is a way round the other's.
 */
export class AdminToken {
  private readonly expected: Buffer | null;
  private readonly failures: RateLimit;

  constructor(config: Pick<Config, "ADMIN_TOKEN">, redis?: Redis) {
    this.expected = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : null;
    this.failures = new RateLimit(
      "admin-auth",
      [ADMIN_FAILURES],
      (s) => `Too many wrong tokens. Try again in ${s} seconds`,
      redis,
    );
  }

  /** Whether the API exists at all (ADMIN_TOKEN is set). */
  get enabled(): boolean {
    return this.expected !== null;
  }

  /** Throws RateLimitError (429) when `req`'s address has sent too many wrong tokens: its token is not compared. */
  async assertNotLocked(req: Request): Promise<void> {
    await this.failures.check(req.ip ?? "unknown");
  }

  /**
   * Whether `req` carries the token: "absent" with no Bearer token, "wrong" for another; either
   * counts as a failure against the client's address (a 429 once it has had too many).
   */
  async compare(req: Request): Promise<"right" | "wrong" | "absent"> {
    const match = /^Bearer ([^\s]+)$/.exec(req.get("authorization") ?? "");
    // Hashing both sides gives equal lengths, so the comparison takes the same time for any guess.
    if (match && this.expected && timingSafeEqual(digest(match[1]!), this.expected)) return "right";
    await this.failures.consume(req.ip ?? "unknown");
    return match ? "wrong" : "absent";
  }
}

/**
 * Guards /api/admin: 404 when ADMIN_TOKEN is unset (the API does not exist),
 * 400 for a token in the query string (addresses end up in logs and
 * histories), 401 for a missing or wrong Bearer token, compared in constant
 * time, and 429 with Retry-After after 5 wrong tokens from one address in 10
 * minutes.
 */
export function adminAuth(token: AdminToken): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!token.enabled) throw new HttpError(404, "Not found");
      await token.assertNotLocked(req);
      if (Object.keys(req.query).some((k) => /token|key|auth/i.test(k)))
        throw new HttpError(400, "Send the token in the Authorization header, not in the address");
      const presented = await token.compare(req);
      if (presented !== "right") {
        res.set("WWW-Authenticate", 'Bearer realm="admin"');
        throw new HttpError(401, presented === "wrong" ? "Wrong token" : "Send Authorization: Bearer <ADMIN_TOKEN>");
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
