import fs from "node:fs/promises";
import path from "node:path";
import { Router } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { deleteComment, listLatestComments, setCommentStatus } from "../../data/admin-comments.server.ts";
import { createRecap, deleteRecap, updateRecap } from "../../data/admin-recaps.server.ts";
import { rowId } from "../../data/row-id.ts";
import { mediaRoot } from "../../media/buckets.ts";
import { HttpError } from "../errors.ts";
import { jsonBody } from "../json-body.ts";
import { adminAuth } from "./admin-auth.ts";
import { parseBody, recapCreate, recapPatch } from "./admin-schemas.ts";

/** Largest JSON body the publishing API takes (a long recap in markdown). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

const commentList = z.strictObject({
  status: z.enum(["visible", "hidden"], { message: "must be visible or hidden" }).optional(),
  limit: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be 1 to 500").max(500, "must be 1 to 500").default(100),
});
const commentId = z.uuid();

/**
 * The operator's publishing API under /api/admin, behind a Bearer token:
 * recaps (create, idempotent by external key; update; delete) and comment
 * moderation. Each change is read by the next request: pages and feeds are
 * rendered from the database, so nothing stale is served.
 */
export function adminApi(config: Config, database: Database): Router {
  const router = Router();
  const { db } = database;
  router.use(adminAuth(config));

  // With media served from DATA_DIR, a recap may only name an image that is there (uploaded first).
  async function assertImage(file: string | null | undefined) {
    if (!file || config.MEDIA_BASE_URL) return;
    const exists = await fs
      .stat(path.join(mediaRoot(config.DATA_DIR), "weekly-summary-pics", file))
      .then((s) => s.isFile())
      .catch(() => false);
    if (!exists) throw new HttpError(400, `blog_image: no file named ${file} in weekly-summary-pics; upload it first`);
  }

  const recapIdOf = (value: string | string[] | undefined) => {
    const id = rowId(typeof value === "string" ? value : undefined);
    if (!id) throw new HttpError(404, "Summary not found");
    return id;
  };

  router.post("/recaps", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const input = parseBody(recapCreate, req.body);
    await assertImage(input.blog_image);
    const { recap, created } = await createRecap(db, input, config.MEDIA_BASE_URL);
    res.status(created ? 201 : 200).json({ recap, created });
  });

  router.patch("/recaps/:id", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const id = recapIdOf(req.params.id);
    const patch = parseBody(recapPatch, req.body);
    await assertImage(patch.blog_image);
    const recap = await updateRecap(db, id, patch, config.MEDIA_BASE_URL);
    if (!recap) throw new HttpError(404, "Summary not found");
    res.json({ recap });
  });

  router.delete("/recaps/:id", async (req, res) => {
    if (!(await deleteRecap(db, recapIdOf(req.params.id)))) throw new HttpError(404, "Summary not found");
    res.status(204).end();
  });

  router.get("/comments", async (req, res) => {
    const { status, limit } = parseBody(commentList, req.query);
    res.json({ comments: await listLatestComments(db, { status, limit }) });
  });

  const moderate = (action: "hide" | "unhide") =>
    router.post(`/comments/:id/${action}`, async (req, res) => {
      const id = commentId.safeParse(String(req.params.id));
      if (!id.success || !(await setCommentStatus(db, id.data, action === "hide" ? "hidden" : "visible"))) throw new HttpError(404, "Comment not found");
      res.json({ id: id.data, status: action === "hide" ? "hidden" : "visible" });
    });
  moderate("hide");
  moderate("unhide");

  router.delete("/comments/:id", async (req, res) => {
    const id = commentId.safeParse(String(req.params.id));
    if (!id.success || !(await deleteComment(db, id.data))) throw new HttpError(404, "Comment not found");
    res.status(204).end();
  });

  return router;
}
