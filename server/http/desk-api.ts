import { Readable } from "node:stream";
import { Router, type Request, type Response } from "express";
import type { ImportNote } from "#common/desk/data-import.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { importNoteCookie } from "../desk/import-note.server.ts";
import { readSession, SESSION_COOKIE, type DeskSession } from "../desk/sessions.server.ts";
import { cookieIn, sameSecret, sameSite } from "../desk/request-checks.server.ts";
import { storedAudioFacts } from "../media/audio-facts.ts";
import type { MediaStore } from "../media/media-store.ts";
import { FILE_TYPES, importerFor, importFile, importName, requestBody, type Importer } from "./data-import.ts";
import { HttpError } from "./errors.ts";
import { boundaryOf, fieldText, formParts, FormPartsError } from "./form-parts.ts";
import { receiveUpload } from "./media-upload.ts";

const EXPIRED = "This page has expired. Reload it and try again";

/**
 * The desk's own API (what its pages call from the browser): uploads with a progress bar, and
 * market-data imports. It takes the desk's session cookie, never the Bearer token; every call
 * must come from this site and carry the session's CSRF token: in X-CSRF-Token, or, for the
 * Data page's form sent without JavaScript, in the form's own `csrf` field.
 */
export function deskApi(config: Config, database: Database, store: MediaStore): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    // Every answer is for this member alone, refusals too (docs/desk.md, "Never cached").
    res.set("Cache-Control", "no-store");
    try {
      if (!sameSite(req.get("origin"), req.get("host"), config))
        throw new HttpError(403, "Refused: this request came from another site");
      const session = await readSession(database.db, cookieIn(req.headers.cookie, SESSION_COOKIE));
      if (!session) throw new HttpError(401, "Sign in to the desk first");
      res.locals.session = session;
      next();
    } catch (err) {
      next(err);
    }
  });

  router.post("/media/:bucket", async (req, res) => {
    requireCsrfHeader(req, res);
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

  const maxBytes = config.DATA_IMPORT_MB * 1024 * 1024;
  // The page's script sends the file itself (with a progress bar) and gets JSON; without
  // JavaScript the page's form sends multipart and is sent back to the page, which shows the outcome.
  router.post("/data/import/:source", async (req, res) => {
    if (req.is("multipart/form-data")) return importForm(req, res, req.params.source, database, maxBytes);
    requireCsrfHeader(req, res);
    const importer = importerFor(req.params.source, 400);
    if (!req.is(FILE_TYPES))
      throw new HttpError(415, "Send the file itself as the body (text/csv, application/json, application/gzip)");
    const fileName = importName(req.query.name);
    const { body, release } = requestBody(req, maxBytes);
    try {
      res.json({ fileName, ...(await importFile(database, importer, body, fileName)) });
    } finally {
      release();
    }
  });

  return router;
}

/** The session's CSRF token must come in X-CSRF-Token (the desk's scripts send it). */
function requireCsrfHeader(req: Request, res: Response): void {
  const token = req.get("x-csrf-token");
  if (!token || !sameSecret(token, (res.locals.session as DeskSession).csrf)) throw new HttpError(403, EXPIRED);
}

/**
 * The Data page's form sent without JavaScript: multipart, its CSRF token first, then the file,
 * read as it arrives straight into the importer. A session or token that fails is refused with
 * its status; anything else (imported, or refused with the importer's sentence, too large, not a
 * form) goes back to the page (303) with the outcome in a one-time cookie.
 */
async function importForm(
  req: Request,
  res: Response,
  source: string,
  database: Database,
  maxBytes: number,
): Promise<void> {
  const session = res.locals.session as DeskSession;
  const boundary = boundaryOf(req.get("content-type"));
  if (!boundary) throw new HttpError(400, "The form could not be read: it names no multipart boundary");
  let fileName = "upload";
  let note: ImportNote | undefined;
  const { body, release } = requestBody(req, maxBytes);
  try {
    let importer: Importer | undefined;
    let checked = false;
    for await (const part of formParts(body, boundary)) {
      if (part.name === "csrf" && part.filename === undefined) {
        // A token too long to be one is no token.
        checked = sameSecret(await fieldText(part, 200).catch(() => ""), session.csrf);
        if (!checked) throw new HttpError(403, EXPIRED);
      } else if (part.name === "file" && part.filename !== undefined && !note) {
        // The page puts the token before the file: a file before any token is not the page's.
        if (!checked) throw new HttpError(403, EXPIRED);
        importer ??= importerFor(source, 400);
        if (part.filename === "") throw new HttpError(400, "Choose a file to import.");
        fileName = importName(part.filename);
        const result = await importFile(database, importer, Readable.from(part.body, { objectMode: false }), fileName);
        note = { fileName, result };
      }
      // Any other field (the button's, a later one) is skipped.
    }
    if (!checked) throw new HttpError(403, EXPIRED);
    if (!note) throw new HttpError(400, "Choose a file to import.");
  } catch (err) {
    const status = err instanceof HttpError ? err.status : err instanceof FormPartsError ? 400 : 500;
    if (status === 401 || status === 403 || status >= 500) throw err;
    note = { fileName, error: (err as Error).message };
  } finally {
    release();
  }
  res
    .status(303)
    .set({ Location: "/admin/data", "Set-Cookie": importNoteCookie({ ...note, source: source.slice(0, 40) }) })
    .end();
}
