import { Router } from "express";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { readSession, SESSION_COOKIE } from "../desk/sessions.server.ts";
import { cookieIn, sameSecret, sameSite } from "../desk/request-checks.server.ts";
import { storedAudioFacts } from "../media/audio-facts.ts";
import type { MediaStore } from "../media/media-store.ts";
import { HttpError } from "./errors.ts";
import { receiveUpload } from "./media-upload.ts";

/**
 * The desk's own API (what its pages call from the browser): uploads with a
 * progress bar. It takes the desk's session cookie, never the Bearer token, and
 * every call must carry the session's CSRF token in X-CSRF-Token and come from this site.
 */
export function deskApi(config: Config, database: Database, store: MediaStore): Router {
  const router = Router();
  router.use(async (req, _res, next) => {
    try {
      if (!sameSite(req.get("origin"), req.get("host"), config))
        throw new HttpError(403, "Refused: this request came from another site");
      const session = await readSession(database.db, cookieIn(req.headers.cookie, SESSION_COOKIE));
      if (!session) throw new HttpError(401, "Sign in to the desk first");
      const token = req.get("x-csrf-token");
      if (!token || !sameSecret(token, session.csrf))
        throw new HttpError(403, "This page has expired. Reload it and try again");
      next();
    } catch (err) {
      next(err);
    }
  });

  router.post("/media/:bucket", async (req, res) => {
    const stored = await receiveUpload(req, config, store);
    // An episode's duration and size are read from the file, as the publishing API does.
    let duration_seconds: number | null | undefined;
    if (stored.bucket === "podcast-episodes") {
      try {
        duration_seconds = (await storedAudioFacts(store, stored.bucket, stored.file))?.durationSeconds;
      } catch {
        throw new HttpError(400, `${stored.file} could not be read as audio`);
      }
    }
    res.status(stored.created ? 201 : 200).json({ ...stored, duration_seconds });
  });

  return router;
}
