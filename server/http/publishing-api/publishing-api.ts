import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Router } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  countComments,
  deleteComment,
  listLatestComments,
  setCommentStatus,
} from "../../data/admin-comments.server.ts";
import { sliceOf } from "../../data/list-page.server.ts";
import { listParams, sliceJson } from "../api/list-query.ts";
import { createEpisode, deleteEpisode, updateEpisode } from "../../data/admin-episodes.server.ts";
import { createRecap, deleteRecap, updateRecap } from "../../data/admin-recaps.server.ts";
import { exportSnapshot, importSnapshot } from "../../data/backup.ts";
import { rowId } from "#common/data/row-id.ts";
import { removeSampleContent } from "../../data/sample-content.ts";
import { storedAudioFacts } from "../../media/audio-facts.ts";
import type { MediaStore } from "../../media/media-store.ts";
import { ArchiveError, readBackupArchive, replaceMedia, writeBackupArchive } from "../../media/backup-archive.ts";
import type { Bucket } from "../../media/buckets.ts";
import { HttpError } from "../errors.ts";
import { jsonBody } from "../json-body.ts";
import { receiveUpload } from "../media-upload.ts";
import { adminAuth, type AdminToken } from "./bearer-auth.ts";
import { newsletterApi } from "./newsletter-api.ts";
import { statsApi } from "./stats-api.ts";
import { dataApi } from "./data-api.ts";
import type { NewsletterServices } from "../../newsletter/subscribe.server.ts";
import { newsletterPolicy, queueOnPublish } from "../../newsletter/auto-send.server.ts";
import { passwordLink } from "../../desk/password-links.server.ts";
import { endAllSessions } from "../../desk/sessions.server.ts";
import { addStaff, listStaff, StaffError, staffForSignIn } from "../../desk/staff.server.ts";
import { episodeCreate, episodePatch, parseBody, recapCreate, recapPatch, staffCreate } from "./request-schemas.ts";

/** Largest JSON body the publishing API takes (a long recap in markdown). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

const commentList = z.strictObject({
  status: z.enum(["visible", "hidden"], { message: "must be visible or hidden" }).optional(),
  limit: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 to 500")
    .max(500, "must be 1 to 500")
    .default(100),
  cursor: listParams.cursor,
});
const commentId = z.uuid();

/**
 * The operator's publishing API under /api/admin, behind a Bearer token:
 * media uploads, recaps (create, idempotent by external key; update; delete),
 * episodes and comment moderation. Each change is read by the next request: pages and feeds are
 * rendered from the database, so nothing stale is served.
 */
export function publishingApi(
  config: Config,
  database: Database,
  store: MediaStore,
  mail: NewsletterServices,
  token: AdminToken,
): Router {
  const router = Router();
  const { db } = database;
  router.use(adminAuth(token));
  const autoSend = newsletterPolicy(config);

  const isStored = async (bucket: Bucket, file: string) => (await store.stat(bucket, file)) !== undefined;

  // A recap may only name an image that is in the store (uploaded first), unless the operator
  // keeps the images elsewhere themselves (MEDIA_BASE_URL over a disk store).
  async function assertImage(file: string | null | undefined) {
    if (!file || (config.MEDIA_BASE_URL && store.kind === "disk")) return;
    if (!(await isStored("weekly-summary-pics", file)))
      throw new HttpError(400, `blog_image: no file named ${file} in weekly-summary-pics; upload it first`);
  }

  // An episode's duration and size come from its file, which must have been uploaded.
  async function audioOf(file: string | null | undefined) {
    if (!file) return null;
    if (!(await isStored("podcast-episodes", file)))
      throw new HttpError(400, `mp3_file: no file named ${file} in podcast-episodes; upload it first`);
    try {
      return (await storedAudioFacts(store, "podcast-episodes", file))!;
    } catch {
      throw new HttpError(400, `mp3_file: ${file} could not be read as audio`);
    }
  }

  const episodeIdOf = (value: string | string[] | undefined) => {
    const id = rowId(typeof value === "string" ? value : undefined);
    if (!id) throw new HttpError(404, "Episode not found");
    return id;
  };

  router.post("/media/:bucket", async (req, res) => {
    const stored = await receiveUpload(req, config, store);
    res.status(stored.created ? 201 : 200).json(stored);
  });

  router.post("/episodes", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const input = parseBody(episodeCreate, req.body);
    const audio = await audioOf(input.mp3_file);
    const { episode, created } = await createEpisode(db, input, audio, config.MEDIA_BASE_URL);
    res.status(created ? 201 : 200).json({ episode, created });
  });

  router.patch("/episodes/:id", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const id = episodeIdOf(req.params.id);
    const patch = parseBody(episodePatch, req.body);
    const audio = patch.mp3_file !== undefined ? await audioOf(patch.mp3_file) : undefined;
    const episode = await updateEpisode(db, id, patch, audio, config.MEDIA_BASE_URL);
    if (!episode) throw new HttpError(404, "Episode not found");
    res.json({ episode });
  });

  router.delete("/episodes/:id", async (req, res) => {
    if (!(await deleteEpisode(db, episodeIdOf(req.params.id)))) throw new HttpError(404, "Episode not found");
    res.status(204).end();
  });

  const recapIdOf = (value: string | string[] | undefined) => {
    const id = rowId(typeof value === "string" ? value : undefined);
    if (!id) throw new HttpError(404, "Summary not found");
    return id;
  };

  router.post("/recaps", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const input = parseBody(recapCreate, req.body);
    await assertImage(input.blog_image);
    // Published and queued for the subscribers in one transaction: both happen, or neither.
    const { recap, created } = await db.transaction().execute(async (trx) => {
      const made = await createRecap(trx, input, config.MEDIA_BASE_URL);
      if (made.created) await queueOnPublish(trx, autoSend, made.recap);
      return made;
    });
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

  // Staff accounts for the desk (npm run hub -- user …): add someone, or give them a new
  // one-time link to set their password. The link is the answer; nobody sends it for you yet.
  router.get("/staff", async (_req, res) => {
    res.json({ staff: await listStaff(db) });
  });

  router.post("/staff", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const input = parseBody(staffCreate, req.body);
    try {
      const member = await addStaff(db, input);
      res.status(201).json({ member, password_link: `${config.SITE_URL}${await passwordLink(db, member.id)}` });
    } catch (err) {
      if (err instanceof StaffError) throw new HttpError(409, err.message);
      throw err;
    }
  });

  router.post("/staff/link", ...jsonBody(ADMIN_BODY_LIMIT), async (req, res) => {
    const { email } = parseBody(z.strictObject({ email: staffCreate.shape.email }), req.body);
    const member = await staffForSignIn(db, email);
    if (!member) throw new HttpError(404, `No staff member with the address ${email}`);
    // Whoever may know the old password is signed out at once.
    await endAllSessions(db, member.id);
    res.json({
      member: { id: member.id, email: member.email, name: member.name, role: member.role },
      password_link: `${config.SITE_URL}${await passwordLink(db, member.id)}`,
    });
  });

  router.get("/comments", async (req, res) => {
    const { status, limit, cursor } = parseBody(commentList, req.query);
    const [rows, total] = await Promise.all([
      listLatestComments(db, { status, limit: limit + 1, before: cursor }),
      countComments(db, status),
    ]);
    res.json(
      sliceJson(
        "comments",
        sliceOf(
          rows,
          limit,
          total,
          (c) => ({ at: c.created_at, id: c.id }),
          (c) => c,
        ),
      ),
    );
  });

  const moderate = (action: "hide" | "unhide") =>
    router.post(`/comments/:id/${action}`, async (req, res) => {
      const id = commentId.safeParse(String(req.params.id));
      if (!id.success || !(await setCommentStatus(db, id.data, action === "hide" ? "hidden" : "visible")))
        throw new HttpError(404, "Comment not found");
      res.json({ id: id.data, status: action === "hide" ? "hidden" : "visible" });
    });
  moderate("hide");
  moderate("unhide");

  router.delete("/comments/:id", async (req, res) => {
    const id = commentId.safeParse(String(req.params.id));
    if (!id.success || !(await deleteComment(db, id.data))) throw new HttpError(404, "Comment not found");
    res.status(204).end();
  });

  router.post("/sample-content/remove", async (_req, res) => {
    res.json({ removed: await removeSampleContent(db, store) });
  });

  // Backup and restore: the database's rows and the media, together, as one .tar.gz.
  router.get("/backup", async (_req, res) => {
    const snapshot = await exportSnapshot(db);
    const day = snapshot.created_at.slice(0, 10);
    res
      .set("Content-Type", "application/gzip")
      .set("Content-Disposition", `attachment; filename="proofline-backup-${day}.tar.gz"`)
      .set("Cache-Control", "no-store");
    await writeBackupArchive(snapshot, store, res);
  });

  router.post("/restore", async (req, res) => {
    if (req.is("multipart/form-data") || req.is("application/json"))
      throw new HttpError(415, "Send the backup file itself as the body (curl --data-binary @backup.tar.gz)");
    // Staged next to the media so that putting it in place is a rename.
    const staging = path.join(config.DATA_DIR, `.restore-${randomUUID()}`);
    try {
      const snapshot = await readBackupArchive(req, staging);
      const rows = await importSnapshot(db, snapshot);
      const media = await replaceMedia(staging, store);
      res.json({ restored: { ...rows, media_files: media }, backup_created_at: snapshot.created_at });
    } catch (err) {
      if (err instanceof ArchiveError) throw new HttpError(400, err.message);
      throw err;
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  });

  router.use(newsletterApi(config, database, mail));
  router.use(statsApi(database));
  router.use(dataApi(config, database));

  return router;
}
