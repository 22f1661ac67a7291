import { Router } from "express";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { getRecap, listRecaps } from "../../data/recaps.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { HttpError } from "../errors.ts";
import type { RateLimit } from "../../limits/rate-limit.ts";
import { commentRoutes } from "./comments.ts";
import { listParams, parseQuery, sliceJson } from "./list-query.ts";
import { jsonProduced, versionedRoute, type VersionedCache } from "../pages.ts";

const listQuery = z.object({ q: z.string().max(200, "q must be at most 200 characters").optional(), ...listParams });

export function recapsApi(config: Config, database: Database, commentLimit: RateLimit, cached: VersionedCache): Router {
  const router = Router();

  router.get(
    "/recaps",
    versionedRoute(cached, async (req) => {
      const { q, limit, cursor } = parseQuery(listQuery, req.query);
      return jsonProduced(
        sliceJson("recaps", await listRecaps(database.db, { q, limit, cursor, mediaBaseUrl: config.MEDIA_BASE_URL })),
      );
    }),
  );

  router.get("/recaps/:id", async (req, res) => {
    const id = rowId(req.params.id);
    const recap = id ? await getRecap(database.db, id, config.MEDIA_BASE_URL) : undefined;
    if (!recap) throw new HttpError(404, "Summary not found");
    res.json({ recap });
  });

  router.use(
    "/recaps",
    commentRoutes({ target: "recap", database, limit: commentLimit, notFound: "Summary not found", cached }),
  );

  return router;
}
