import { Router } from "express";
import type { Database } from "../db/client.ts";
import { unsubscribe } from "../newsletter/subscribers.server.ts";
import { readFollowLink } from "../follows/follow-links.server.ts";
import { setDigest } from "../follows/follows.server.ts";

/**
 * RFC 8058's one-click unsubscribe: the POST a mailbox provider sends to the
 * List-Unsubscribe address (body `List-Unsubscribe=One-Click`), from its own
 * servers, with its own Origin, `null` or none, and no cookies. It is answered
 * here, before React Router, whose action Origin check is right for people's
 * forms and wrong for this machine-to-machine call (it refused another site's
 * Origin and `null` with 400). The key in the address is the only credential,
 * as in the mail's visible link.
 *
 * The same address's page has a button that posts a form to it: a browser
 * sends that as a document navigation (Sec-Fetch-Dest: document), which goes
 * on to React Router, to be checked for its Origin and answered with a page.
 */
export function oneClickUnsubscribe(database: Database): Router {
  const router = Router();
  router.post("/newsletter/unsubscribe/:key", async (req, res, next) => {
    if (req.get("sec-fetch-dest") === "document") return next();
    const done = await unsubscribe(database.db, String(req.params.key));
    res
      .status(done === undefined ? 404 : 200)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send(done === undefined ? "Nothing to unsubscribe." : "Unsubscribed.");
  });
  // The digest's own (issue 42): it stops the digest and leaves the recap alone.
  router.post("/follows/unsubscribe/:token", async (req, res, next) => {
    if (req.get("sec-fetch-dest") === "document") return next();
    const link = await readFollowLink(database.db, String(req.params.token), "stop");
    const done = link && (await setDigest(database.db, link.id, false));
    res
      .status(done === undefined ? 404 : 200)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send(done === undefined ? "Nothing to unsubscribe." : "Unsubscribed.");
  });
  return router;
}
