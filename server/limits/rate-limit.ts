import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** A limit of `points` actions per `seconds`, counted per key (the client address). */
export interface Window {
  points: number;
  seconds: number;
}

/**
 * Thrown when a key has used up a window. A domain error: the HTTP edge answers
 * it with 429 and `Retry-After` (server/http/errors.ts), a page's action with its own words.
 */
export class RateLimitError extends Error {
  override name = "RateLimitError";
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Several windows over one action (2 a minute and 20 a day): an action counts
 * against every window, and is refused when any of them is used up.
 */
export class RateLimit {
  private readonly limiters: RateLimiterAbstract[];
  private readonly describe: (retryAfterSeconds: number) => string;

  /**
   * With `redis`, every instance of the server counts against the same windows
   * (REDIS_URL); should Redis be unreachable, each process falls back to counting alone.
   */
  constructor(name: string, windows: Window[], describe: (retryAfterSeconds: number) => string, redis?: Redis) {
    this.limiters = windows.map((w) => {
      const options = { keyPrefix: `proofline:${name}:${w.seconds}`, points: w.points, duration: w.seconds };
      return redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
    });
    this.describe = describe;
  }

  /** Throws RateLimitError when `key` has used up any window, without counting anything. */
  async check(key: string): Promise<void> {
    const states = await Promise.all(this.limiters.map((l) => l.get(key)));
    const waits = states.map((s, i) => (s && s.consumedPoints >= this.limiters[i]!.points ? s.msBeforeNext : 0));
    const waitMs = Math.max(...waits);
    if (waitMs > 0) throw this.refusal(waitMs);
  }

  /** Counts one action for `key`, or throws RateLimitError naming when to retry. */
  async consume(key: string): Promise<void> {
    // Check every window before spending a point, so a refused action costs nothing.
    await this.check(key);
    try {
      await Promise.all(this.limiters.map((l) => l.consume(key)));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw this.refusal(err.msBeforeNext);
      throw err;
    }
  }

  private refusal(waitMs: number): RateLimitError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new RateLimitError(this.describe(seconds), seconds);
  }
}

/** A wait as people say it: "45 seconds", "3 minutes", "2 hours". */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
