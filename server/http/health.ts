import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { readSession, SESSION_COOKIE } from "../desk/sessions.server.ts";
import { cookieIn } from "../desk/request-checks.server.ts";
import { RateLimitError } from "../limits/rate-limit.ts";
import type { MediaStore } from "../media/media-store.ts";
import type { AdminToken } from "./publishing-api/bearer-auth.ts";

const PING_TIMEOUT_MS = 2000;
// The media store is asked at most this often: a load balancer probes every few seconds, and S3 requests cost.
const MEDIA_CHECK_EVERY_MS = 10_000;

const within = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), PING_TIMEOUT_MS).unref()),
  ]);
const upOrDown = (work: Promise<unknown>) =>
  within(work).then(
    () => "up" as const,
    () => "down" as const,
  );

export interface HealthDeps {
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM">;
  database: Database;
  redis: Redis | undefined;
  media: MediaStore;
  /** ADMIN_TOKEN, whose holder is shown the detail. */
  token: AdminToken;
}

/**
 * Whether a request may see what the instance runs on: with ADMIN_TOKEN as a Bearer token (a wrong
 * one counts against the address as on the publishing API; past the limit none is compared), or
 * a live desk session. Anyone else learns the status alone.
 */
async function isStaff(req: Request, token: AdminToken, database: Database, dbUp: boolean): Promise<boolean> {
  if (req.get("authorization") && token.enabled) {
    try {
      await token.assertNotLocked(req);
      if ((await token.compare(req)) === "right") return true;
    } catch (err) {
      if (!(err instanceof RateLimitError)) throw err;
    }
  }
  const session = cookieIn(req.headers.cookie, SESSION_COOKIE);
  if (!session || !dbUp) return false;
  return (await within(readSession(database.db, session)).catch(() => undefined)) !== undefined;
}

/**
 * The instance's state and each thing it depends on. 503 only when the
 * database does not answer (nothing can be served right); Redis or the media
 * store being down is "degraded" with 200: pages still work (limits count per
 * process, the media fail on their own requests), and taking the instance out
 * of a load balancer would not help, as every instance shares them. Mail is
 * reported as set up or not; SMTP is not dialled on every probe (`hub
 * newsletter status` says how sending goes).
 *
 * The public gets the status alone (`{"status": "ok"}`, the same codes): which database, Redis,
 * media store and mail an instance has, and which are down, is for its operators (a Bearer
 * ADMIN_TOKEN or a desk session); on 4494ae7 anyone was told (issue 38).
 */
export function healthRoute({ config, database, redis, media, token }: HealthDeps): RequestHandler {
  let mediaChecked: { at: number; status: Promise<"up" | "down"> } | undefined;
  const mediaStatus = () => {
    if (!mediaChecked || Date.now() - mediaChecked.at > MEDIA_CHECK_EVERY_MS)
      mediaChecked = { at: Date.now(), status: upOrDown(media.ready?.() ?? Promise.resolve()) };
    return mediaChecked.status;
  };
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const [db, redisStatus, mediaState] = await Promise.all([
      upOrDown(database.ping()),
      redis ? upOrDown(redis.ping()) : Promise.resolve("not configured" as const),
      mediaStatus(),
    ]);
    const status = db === "down" ? "unavailable" : redisStatus === "down" || mediaState === "down" ? "degraded" : "ok";
    res.status(db === "down" ? 503 : 200);
    // Varies with who asks: never kept for another.
    res.setHeader("Vary", "Authorization, Cookie");
    if (!(await isStaff(req, token, database, db === "up"))) return void res.json({ status });
    res.json({
      status,
      database: {
        engine: database.engine,
        status: db,
        ...(database.engine === "sqlite" ? { journal_mode: "wal", synchronous: "full" } : {}),
      },
      redis: { status: redisStatus },
      media: { store: media.kind, status: mediaState },
      mail: { status: config.SMTP_URL && config.MAIL_FROM ? "configured" : "not configured" },
    });
  };
}
