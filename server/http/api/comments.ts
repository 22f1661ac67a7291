import { Router, type Request } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { addComment, commentParentExists, listComments, type CommentTarget } from "../../data/comments.server.ts";
import { rowId } from "../../data/row-id.ts";
import { HttpError } from "../errors.ts";
import { jsonBody } from "../json-body.ts";
import { RateLimit } from "../rate-limit.ts";

/** Largest comment request body accepted. */
export const COMMENT_BODY_LIMIT = 16 * 1024;

// C0 and C1 control characters; a comment may keep its line breaks, a name may not.
const CONTROL_IN_COMMENT = /[^\P{Cc}\n\r]/u;
const CONTROL_IN_NAME = /\p{Cc}/u;
const length = (s: string) => [...s].length;

const commentInput = z.object({
  author_name: z
    .string({ message: "author_name is required" })
    .trim()
    .refine((s) => length(s) >= 1, "Name is required")
    .refine((s) => length(s) <= 80, "Name must be at most 80 characters")
    .refine((s) => !CONTROL_IN_NAME.test(s), "Name must not contain control characters"),
  comment_text: z
    .string({ message: "comment_text is required" })
    .trim()
    .refine((s) => length(s) >= 1, "Comment is required")
    .refine((s) => length(s) <= 2000, "Comment must be at most 2000 characters")
    .refine((s) => !CONTROL_IN_COMMENT.test(s), "Comment must not contain control characters"),
  // The honeypot: a field people never see, so only bots fill it in.
  website: z.string().max(2000).optional(),
}, { message: "The body must be a JSON object with author_name and comment_text" });

/** The comment limiter for one server process: COMMENT_RATE_PER_MINUTE and COMMENT_RATE_PER_DAY per client address. */
export function commentRateLimit(config: Config): RateLimit {
  return new RateLimit(
    "comments",
    [
      { points: config.COMMENT_RATE_PER_MINUTE, seconds: 60 },
      { points: config.COMMENT_RATE_PER_DAY, seconds: 24 * 60 * 60 },
    ],
    (seconds) => `You are commenting too fast. Please wait ${waitText(seconds)} and try again.`,
  );
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The socket's address, or the one TRUST_PROXY lets Express take from X-Forwarded-For. */
const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/**
 * GET and POST `/:id/comments` under a recap or episode router. `notFound` is
 * the message for an unknown parent.
 */
export function commentRoutes(options: { target: CommentTarget; database: Database; limit: RateLimit; notFound: string }): Router {
  const { target, database, limit, notFound } = options;
  const router = Router();

  const parentId = async (raw: unknown) => {
    const id = rowId(typeof raw === "string" ? raw : undefined);
    if (!id || !(await commentParentExists(database.db, target, id))) throw new HttpError(404, notFound);
    return id;
  };

  router.get("/:id/comments", async (req, res) => {
    const id = await parentId(req.params.id);
    res.set("Cache-Control", "no-store");
    res.json({ comments: await listComments(database.db, target, id) });
  });

  router.post("/:id/comments", ...jsonBody(COMMENT_BODY_LIMIT), async (req, res) => {
    const id = await parentId(req.params.id);
    const parsed = commentInput.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    const { author_name, comment_text, website } = parsed.data;
    if (website) {
      // Looks accepted to the bot; nothing is stored.
      req.log.info({ target, id }, "comment honeypot filled; dropped");
      res.status(201).json({ comment: { id: crypto.randomUUID(), author_name, comment_text, created_at: new Date().toISOString() } });
      return;
    }
    const address = clientAddress(req);
    await limit.consume(address);
    const comment = await addComment(database.db, target, { parentId: id, authorName: author_name, commentText: comment_text, clientAddress: address });
    res.status(201).json({ comment });
  });

  return router;
}
