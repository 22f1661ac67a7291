import { Router } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { latestEpisode, listEpisodes, SERIES } from "../../data/episodes.server.ts";
import { HttpError } from "../errors.ts";
import type { RateLimit } from "../../limits/rate-limit.ts";
import { commentRoutes } from "./comments.ts";
import { listParams, parseQuery, sliceJson } from "./list-query.ts";
import { jsonProduced, versionedRoute, type VersionedCache } from "../pages.ts";

const listQuery = z.object({
  series: z.enum(SERIES, { message: "series must be daily or weekly" }).optional(),
  // Like the recaps' q: a case-insensitive substring, here of the title, description or transcript.
  q: z.string({ message: "q must be text" }).max(200, "q must be at most 200 characters").optional(),
  ...listParams,
});

export function episodesApi(
  config: Config,
  database: Database,
  commentLimit: RateLimit,
  cached: VersionedCache,
): Router {
  const router = Router();

  router.get(
    "/episodes",
    versionedRoute(cached, async (req) => {
      const { series, q, limit, cursor } = parseQuery(listQuery, req.query);
      return jsonProduced(
        sliceJson(
          "episodes",
          await listEpisodes(database.db, { series, q, limit, cursor, mediaBaseUrl: config.MEDIA_BASE_URL }),
        ),
      );
    }),
  );

  router.get("/episodes/latest", async (_req, res) => {
    const episode = await latestEpisode(database.db, config.MEDIA_BASE_URL);
    if (!episode) throw new HttpError(404, "No episodes yet");
    res.json({ episode });
  });

  router.use(
    "/episodes",
    commentRoutes({ target: "episode", database, limit: commentLimit, notFound: "Episode not found", cached }),
  );
  return router;
}
