import { Router } from "express";
import type { Redis } from "ioredis";
import { z } from "zod";
import { SHARE_ID, SHARE_MAX_MESSAGES, SHARE_MAX_TEXT, sharePath } from "#common/chat/shared-conversation.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { citedPassage } from "../../chat/citations.ts";
import { FeedbackStore, feedbackRequestSchema } from "../../chat/feedback-store.server.ts";
import type { HubKnowledge } from "../../chat/hub-index.ts";
import { ShareStore, sharedMessagesSchema } from "../../chat/share-store.ts";
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
 * verdicts on answers. `provider` is the name of the provider this server asks.
 */
export function chatSharingApi(
  config: Config,
  database: Database,
  knowledge: HubKnowledge,
  provider: string,
  redis?: Redis,
): Router {
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

  // One message can be 20,000 characters and a share 100 of them; the body limit leaves room for JSON's quoting.
  router.post(
    "/chat/shares",
    ...jsonBody(Math.ceil((SHARE_MAX_MESSAGES * SHARE_MAX_TEXT * 1.2) / 1024) * 1024),
    async (req, res) => {
      const parsed = z.object({ messages: sharedMessagesSchema }).safeParse(req.body);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
      await shareLimit.consume(requestAddress(req));
      const { id, removeKey, expiresAt } = await shares.create(parsed.data.messages);
      res
        .status(201)
        .set("Cache-Control", "no-store")
        .json({ id, url: sharePath(id), removeKey, expiresAt });
    },
  );

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

  router.post("/chat/feedback", ...jsonBody(64 * 1024), async (req, res) => {
    const parsed = feedbackRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    await feedbackLimit.consume(requestAddress(req));
    await feedback.record(parsed.data, provider);
    res.status(201).json({ ok: true });
  });

  return router;
}
