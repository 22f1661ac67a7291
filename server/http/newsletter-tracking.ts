import { Router } from "express";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { escapeHtml as escape } from "../content/escape-html.ts";
import { readToken, recordEngagement, trackingKey } from "../newsletter/mail-tracking.ts";
import { errorPageCsp } from "./error-page.ts";

/** The smallest transparent GIF: what the mail's tracking image is. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Opt-in newsletter tracking (NEWSLETTER_TRACKING): the image that records a
 * subscriber's first open of a send, and the redirect that records their first
 * click and takes them on. Only an address signed for that very copy is
 * followed, so the redirect cannot send anyone elsewhere.
 */
export function newsletterTracking(config: Config, database: Database): Router {
  const router = Router();
  let key: Promise<string> | undefined;
  const signingKey = () =>
    (key ??= trackingKey(database.db).catch((err: unknown) => ((key = undefined), Promise.reject(err))));
  const record = (sendId: number, subscriberId: number, kind: "open" | "click") =>
    recordEngagement(database.db, sendId, subscriberId, kind).catch(() => {});

  router.get("/newsletter/o/:token.gif", async (req, res) => {
    const delivery = readToken(await signingKey(), String(req.params.token), "open");
    if (delivery) await record(delivery.sendId, delivery.subscriberId, "open");
    // The same image for a token that does not hold: nothing to learn from probing.
    res
      .set({ "Content-Type": "image/gif", "Cache-Control": "no-store", "Content-Length": String(GIF.length) })
      .end(GIF);
  });

  router.get("/newsletter/c/:token", async (req, res) => {
    const url = typeof req.query.u === "string" ? req.query.u : "";
    const delivery = /^https?:\/\//.test(url)
      ? readToken(await signingKey(), String(req.params.token), `click ${url}`)
      : undefined;
    if (!delivery) {
      const brand = escape(config.SITE_BRAND);
      return void res
        .status(400)
        .set({
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "Content-Security-Policy": errorPageCsp(config),
        })
        .send(
          `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This link is not valid | ${brand}</title><meta name="robots" content="noindex"></head><body><main><p>${brand}</p><h1>This link is not valid</h1><p>It was changed after the mail was sent. The recap is on the site.</p><p><a href="/recap">Weekly News Recap</a></p></main></body></html>`,
        );
    }
    // A click is an open too: the image may have been blocked.
    await Promise.all([
      record(delivery.sendId, delivery.subscriberId, "click"),
      record(delivery.sendId, delivery.subscriberId, "open"),
    ]);
    res.set("Cache-Control", "no-store").redirect(302, url);
  });

  return router;
}
