import { Router } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { getRecap } from "../../data/recaps.server.ts";
import type { NewsletterServices } from "../../newsletter/subscribe.server.ts";
import { sendTestRecap } from "../../newsletter/test-send.server.ts";
import { queueRecap, sendProgress } from "../../newsletter/send-queue.server.ts";
import {
  deleteSubscriber,
  emailAddress,
  exportSubscriber,
  subscriberCounts,
} from "../../newsletter/subscribers.server.ts";
import { HttpError } from "../errors.ts";
import { COMPANIES } from "../../content/companies.server.ts";
import { previewDigest } from "../../follows/digest-preview.ts";
import { digestRunProgress, queueWeeklyDigest } from "../../follows/digest-queue.ts";
import { mailQueued } from "../../newsletter/queue-signal.ts";
import { jsonBody } from "../json-body.ts";
import { parseBody } from "./request-schemas.ts";

const recapRef = z.strictObject({
  recap_id: z.coerce.number({ message: "must be a recap id" }).int("must be a recap id").positive("must be a recap id"),
});
const testSend = recapRef.extend({ to: emailAddress });
// Addresses travel in bodies, never in URLs: URLs end up in logs.
const subscriberRef = z.strictObject({ email: emailAddress });

/**
 * The newsletter's part of the publishing API (Bearer ADMIN_TOKEN): send a
 * recap to the subscribers by hand (when NEWSLETTER_AUTO_SEND is off, or for a
 * recap published before), send a test to one address, follow a send, and a
 * subscriber's privacy requests (export, delete).
 */
export function newsletterApi(config: Config, database: Database, newsletter: NewsletterServices): Router {
  const router = Router();
  const { db } = database;
  // The site's one mail transport (the subscribe form's), not a second connection of its own.
  const { mailer, site } = newsletter;
  const requireMail = () => {
    if (!mailer) throw new HttpError(503, "Email is not set up: set SMTP_URL and MAIL_FROM");
    return mailer;
  };

  router.post("/newsletter/send", ...jsonBody(4096), async (req, res) => {
    requireMail();
    const { recap_id } = parseBody(recapRef, req.body);
    const outcome = await queueRecap(db, recap_id, "api");
    if (!outcome.queued && outcome.reason === "no-recap") throw new HttpError(404, "Summary not found");
    if (!outcome.queued)
      throw new HttpError(409, `Recap ${recap_id} was sent already: each recap goes to the subscribers once`);
    res.status(202).json({ queued: true, progress: await sendProgress(db, recap_id) });
  });

  router.post("/newsletter/test", ...jsonBody(4096), async (req, res) => {
    const send = requireMail();
    const { recap_id, to } = parseBody(testSend, req.body);
    const recap = await getRecap(db, recap_id, config.MEDIA_BASE_URL);
    if (!recap) throw new HttpError(404, "Summary not found");
    try {
      const sent = await sendTestRecap(send, recap, site, to);
      res.json({ sent: true, message_id: sent.messageId });
    } catch (err) {
      throw new HttpError(502, `The SMTP server refused the test: ${err instanceof Error ? err.message : String(err)}`);
    }
  });

  router.get("/newsletter/:recapId", async (req, res) => {
    const id = Number(req.params.recapId);
    const progress = Number.isInteger(id) && id > 0 ? await sendProgress(db, id) : undefined;
    if (!progress) throw new HttpError(404, "That recap has not been sent by email");
    res.json({ progress });
  });

  router.get("/subscribers", async (_req, res) => {
    res.json({ counts: await subscriberCounts(db) });
  });

  router.post("/subscribers/export", ...jsonBody(4096), async (req, res) => {
    const { email } = parseBody(subscriberRef, req.body);
    const subscriber = await exportSubscriber(db, email);
    if (!subscriber) throw new HttpError(404, "No subscriber with that address");
    res.set("Cache-Control", "no-store").json({ subscriber });
  });

  // Issue 42: the digest an address would get now (the last seven days), or why none.
  router.post("/digest/preview", ...jsonBody(4096), async (req, res) => {
    const { email } = parseBody(subscriberRef, req.body);
    const preview = await previewDigest(db, COMPANIES, site, email);
    if (preview.status === "unknown") throw new HttpError(404, "No subscriber with that address");
    res.set("Cache-Control", "no-store").json({ preview });
  });

  // `hub digest send`: the weekly digest now, covering what is new since the last one (issue 42).
  router.post("/digest/send", async (_req, res) => {
    requireMail();
    const now = new Date();
    const outcome = await queueWeeklyDigest(db, now, "api", now);
    if (!outcome.queued) throw new HttpError(409, "A digest was queued at this very moment already");
    const run = await db
      .selectFrom("digest_runs")
      .select(["id", "since_at", "until_at"])
      .where("id", "=", outcome.runId)
      .executeTakeFirstOrThrow();
    mailQueued();
    res.status(202).json({ run: { id: run.id, since: run.since_at, until: run.until_at } });
  });

  router.get("/digest/:run", async (req, res) => {
    const id = Number(req.params.run);
    const run = Number.isSafeInteger(id)
      ? await db.selectFrom("digest_runs").selectAll().where("id", "=", id).executeTakeFirst()
      : undefined;
    if (!run) throw new HttpError(404, "No digest run with that id");
    res.set("Cache-Control", "no-store").json({ run, counts: await digestRunProgress(db, id) });
  });

  router.post("/subscribers/delete", ...jsonBody(4096), async (req, res) => {
    const { email } = parseBody(subscriberRef, req.body);
    if (!(await deleteSubscriber(db, email))) throw new HttpError(404, "No subscriber with that address");
    res.json({ deleted: true });
  });

  return router;
}
