import { Router } from "express";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { addComment, commentParentExists, listComments, type CommentTarget } from "../../data/comments.ts";
import { rowId } from "#common/data/row-id.ts";
import { HttpError } from "../errors.ts";
import { jsonBody } from "../json-body.ts";
import { requestAddress } from "../request-address.ts";
import { RateLimit, waitText } from "../../limits/rate-limit.ts";
import { listParams, parseQuery, sliceJson } from "./list-query.ts";
import { jsonProduced, versionedRoute, type VersionedCache } from "../pages.ts";
import { API_LIST_MAX } from "../../data/list-page.server.ts";

/** Largest comment request body accepted. */
export const COMMENT_BODY_LIMIT = 16 * 1024;

/**
 * A trimmed text field of 1 to `max` characters (code points, not UTF-16
 * units) without control characters; `control` says which count as such.
 */
const textField = (key: string, label: string, max: number, control: RegExp) =>
  z
    .string({ message: `${key} is required` })
    .trim()
    .refine((s) => s.length > 0, `${label} is required`)
    .refine((s) => [...s].length <= max, `${label} must be at most ${max} characters`)
    .refine((s) => !control.test(s), `${label} must not contain control characters or noncharacters`);

const commentInput = z.object(
  {
    // C0 and C1 control characters: a comment may keep its line breaks, a name may not. Noncharacters
    // and halves of a surrogate pair are not text either (as published text, server/content/forbidden-characters.ts).
    author_name: textField("author_name", "Name", 80, /[\p{Cc}\p{Noncharacter_Code_Point}\uD800-\uDFFF]/u),
    comment_text: textField(
      "comment_text",
      "Comment",
      2000,
      /[^\P{Cc}\n\r]|[\p{Noncharacter_Code_Point}\uD800-\uDFFF]/u,
    ),
    // The honeypot: a field people never see, so only bots fill it in.
    website: z.string().max(2000).optional(),
  },
  { message: "The body must be a JSON object with author_name and comment_text" },
);

const commentsQuery = z.object(listParams);

/** The comment limiter: COMMENT_RATE_PER_MINUTE and COMMENT_RATE_PER_DAY per client address, shared by all instances through Redis when set. */
export function commentRateLimit(config: Config, redis?: Redis): RateLimit {
  return new RateLimit(
    "comments",
    [
      { points: config.COMMENT_RATE_PER_MINUTE, seconds: 60 },
      { points: config.COMMENT_RATE_PER_DAY, seconds: 24 * 60 * 60 },
    ],
    (seconds) => `You are commenting too fast. Please wait ${waitText(seconds)} and try again.`,
    redis,
  );
}

/**
 * GET and POST `/:id/comments` under a recap or episode router. `notFound` is
 * the message for an unknown parent.
 */
export function commentRoutes(options: {
  target: CommentTarget;
  database: Database;
  limit: RateLimit;
  notFound: string;
  cached: VersionedCache;
}): Router {
  const { target, database, limit, notFound, cached } = options;
  const router = Router();

  const parentId = async (raw: unknown) => {
    const id = rowId(typeof raw === "string" ? raw : undefined);
    if (!id || !(await commentParentExists(database.db, target, id))) throw new HttpError(404, notFound);
    return id;
  };

  // Kept per content version like pages (every comment moves it); browsers must ask again each time.
  router.get(
    "/:id/comments",
    versionedRoute(cached, async (req) => {
      const id = await parentId(req.params.id);
      const { limit, cursor } = parseQuery(commentsQuery, req.query);
      return jsonProduced(
        sliceJson("comments", await listComments(database.db, target, id, { limit: limit ?? API_LIST_MAX, cursor })),
      );
    }),
  );

  router.post("/:id/comments", ...jsonBody(COMMENT_BODY_LIMIT), async (req, res) => {
    const id = await parentId(req.params.id);
    const parsed = commentInput.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    const { author_name, comment_text, website } = parsed.data;
    if (website) {
      // Looks accepted to the bot; nothing is stored.
      req.log.info({ target, id }, "comment honeypot filled; dropped");
      res.status(201).json({
        comment: { id: crypto.randomUUID(), author_name, comment_text, created_at: new Date().toISOString() },
      });
      return;
    }
    const address = requestAddress(req);
    await limit.consume(address);
    const comment = await addComment(database.db, target, {
      parentId: id,
      authorName: author_name,
      commentText: comment_text,
      clientAddress: address,
    });
    res.status(201).json({ comment });
  });

  return router;
}
