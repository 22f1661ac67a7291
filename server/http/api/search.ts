import { Router } from "express";
import type { Database } from "../../db/client.ts";
import { COMPANIES } from "../../content/companies.server.ts";
import { readSearchParams } from "../../search/search-params.server.ts";
import { searchSite } from "../../search/site-search.server.ts";
import { HttpError } from "../errors.ts";
import { jsonProduced, versionedRoute, type VersionedCache } from "../pages.ts";

/**
 * `GET /api/search?q=&kind=&series=&from=&to=&cursor=&limit=`: the site search
 * (docs/search.md). Answers are derived from the content alone, so they share
 * the content-versioned cache with the other lists.
 */
export function searchApi(database: Database, cached: VersionedCache): Router {
  const router = Router();
  router.get(
    "/search",
    versionedRoute(cached, async (req) => {
      const request = readSearchParams(req.query);
      if (request.state === "empty") throw new HttpError(400, "q is required");
      if (request.state === "refused") throw new HttpError(400, request.message);
      return jsonProduced(await searchSite(database.db, COMPANIES, request.input));
    }),
  );
  return router;
}
