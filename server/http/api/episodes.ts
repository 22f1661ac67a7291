import { Router } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { latestEpisode, listEpisodes, SERIES } from "../../data/episodes.server.ts";
import { HttpError } from "../errors.ts";
import type { RateLimit } from "../rate-limit.ts";
import { commentRoutes } from "./comments.ts";

const listQuery = z.object({ series: z.enum(SERIES, { message: "series must be daily or weekly" }).optional() });

export function episodesApi(config: Config, database: Database, commentLimit: RateLimit): Router {
  const router = Router();

  router.get("/episodes", async (req, res) => {
    const parsed = listQuery.safeParse(req.query);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    res.json({ episodes: await listEpisodes(database.db, { series: parsed.data.series, mediaBaseUrl: config.MEDIA_BASE_URL }) });
  });

  router.get("/episodes/latest", async (_req, res) => {
    const episode = await latestEpisode(database.db, config.MEDIA_BASE_URL);
    if (!episode) throw new HttpError(404, "No episodes yet");
    res.json({ episode });
  });

  router.use("/episodes", commentRoutes({ target: "episode", database, limit: commentLimit, notFound: "Episode not found" }));
  return router;
}
