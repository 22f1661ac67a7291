import type { Redis } from "ioredis";
import type { Config } from "../config.ts";
import { RateLimit, waitText } from "../limits/rate-limit.ts";

/**
 * Renders the page cache cannot answer, counted per client address: a page or list never asked
 * before at this content version (each new search, each unknown id, each page of a 404 flood)
 * costs a full render, and on 4494ae7 one client sending them took a cached `/recap` from 1,260
 * to 95 requests a second. A reader's own first visits after a change are few; a flood is not.
 * With Redis every instance counts against the same windows.
 */
export function uncachedRenderLimit(config: Pick<Config, "UNCACHED_RATE_PER_MINUTE">, redis?: Redis): RateLimit {
  const perMinute = config.UNCACHED_RATE_PER_MINUTE;
  return new RateLimit(
    "uncached",
    [
      { points: perMinute, seconds: 60 },
      { points: Math.ceil(perMinute / 6), seconds: 10 },
    ],
    (seconds) => `Too many new pages at once. Try again in ${waitText(seconds)}.`,
    redis,
  );
}
