import { Router } from "express";
import type { Redis } from "ioredis";
import { z } from "zod";
import { SHARE_ID, sharePath } from "#common/chat/shared-conversation.ts";
import { ANSWER_KEEP_DAYS } from "#common/chat/kept-answers.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { citedPassage } from "../../chat/citations.ts";
import { FeedbackStore, feedbackRequestSchema } from "../../chat/feedback-store.server.ts";
import type { HubKnowledge } from "../../analyst/hub-index.ts";
import { ShareStore, shareRequestSchema } from "../../chat/share-store.ts";
import { shareAnswers } from "../../chat/shared-conversation.server.ts";
import { RateLimit, waitText } from "../../limits/rate-limit.ts";
import { HttpError } from "../errors.ts";
import { jsonBody } from "../json-body.ts";
import { requestAddress } from "../request-address.ts";

const HOUR = 60 * 60;

const passageQuery = z.object({
  href: z
    .string({ message: "href is required" })
    .max(300, "href must be at most 300 characters")
    .regex(/^\/(recap|explorer|podcast)\b/, "href must be a link to a recap, a company or an episode"),
  label: z.string().max(300, "label must be at most 300 characters").optional(),
});

/**
 * What makes an answer checkable and passable on (issue 25): the passage a
 * numbered citation quotes, read-only copies of conversations, and readers'
 * verdicts on answers. Shares and verdicts name the answers the server gave by
 * their ids and take their words from its own copy (issue 37): an id it never
 * gave (or no longer keeps) is refused with 422, and nothing is stored.
 */
export function chatSharingApi(config: Config, database: Database, knowledge: HubKnowledge, redis?: Redis): Router {
  const router = Router();
  const shares = new ShareStore(database.db);
  const feedback = new FeedbackStore(database.db);
  const shareLimit = new RateLimit(
    "chat-shares",
    [{ points: config.CHAT_SHARE_RATE_PER_HOUR, seconds: HOUR }],
    (s) => `You have shared many conversations. Try again in ${waitText(s)}.`,
    redis,
  );
  const feedbackLimit = new RateLimit(
    "chat-feedback",
    [{ points: config.CHAT_FEEDBACK_RATE_PER_HOUR, seconds: HOUR }],
    (s) => `Thanks, that is plenty of feedback for now. Try again in ${waitText(s)}.`,
    redis,
  );

  router.get("/chat/passage", async (req, res) => {
    const parsed = passageQuery.safeParse(req.query);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    const { href, label } = parsed.data;
    const passage = citedPassage(await knowledge.get(), href, label);
    if (!passage) throw new HttpError(404, "No passage of the hub is at that address");
    res.set("Cache-Control", "public, max-age=300").json(passage);
  });

  // A share is a list of at most 50 ids of 22 characters: a few kilobytes.
  router.post("/chat/shares", ...jsonBody(8 * 1024), async (req, res) => {
    const parsed = shareRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    // Counted before the answers are looked up and the page rendered: a burst past the limit costs neither.
    await shareLimit.consume(requestAddress(req));
    const outcome = await shareAnswers(database.db, knowledge, parsed.data.answers);
    if (!outcome.ok) throw new HttpError(422, outcome.error);
    const { id, removeKey, expiresAt } = outcome;
    res
      .status(201)
      .set("Cache-Control", "no-store")
      .json({ id, url: sharePath(id), removeKey, expiresAt });
  });

  router.delete("/chat/shares/:id", async (req, res) => {
    const id = String(req.params.id);
    const key = req.get("x-remove-key") ?? "";
    if (!SHARE_ID.test(id)) throw new HttpError(404, "There is no shared conversation at this address");
    if (!key || key.length > 100) throw new HttpError(403, "Send the key you were given when you shared it");
    const outcome = await shares.remove(id, key);
    if (outcome === "missing") throw new HttpError(404, "There is no shared conversation at this address");
    if (outcome === "wrong-key") throw new HttpError(403, "That key does not remove this conversation");
    res.status(204).end();
  });

  router.post("/chat/feedback", ...jsonBody(8 * 1024), async (req, res) => {
    const parsed = feedbackRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    await feedbackLimit.consume(requestAddress(req));
    const outcome = await feedback.record(parsed.data);
    if (outcome === "unknown")
      throw new HttpError(
        422,
        `The hub gave no such answer, or no longer keeps it (answers are kept ${ANSWER_KEEP_DAYS} days)`,
      );
    if (outcome === "judged") throw new HttpError(409, "This answer already has its verdict");
    res.status(201).json({ ok: true });
  });

  return router;
}
