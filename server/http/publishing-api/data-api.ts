import { Router } from "express";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { FILE_TYPES, importerFor, importFile, importName, requestBody } from "../data-import.ts";
import { HttpError } from "../errors.ts";

/**
 * Market data imports for `hub data import` (Bearer ADMIN_TOKEN): the file itself as the body,
 * plain or gzipped, read as it arrives (docs/market-data.md), at most DATA_IMPORT_MB. A refused
 * file changes nothing and is a 422 naming the line and the column. The desk's upload takes the
 * same path (server/http/data-import.ts).
 */
export function dataApi(config: Config, database: Database): Router {
  const router = Router();
  router.post("/data/import/:source", async (req, res) => {
    const importer = importerFor(req.params.source, 404);
    if (!req.is(FILE_TYPES))
      throw new HttpError(
        415,
        "Send the file itself as text/csv, application/json or application/gzip (curl --data-binary @file)",
      );
    const name = importName(req.query.name);
    const { body, release } = requestBody(req, config.DATA_IMPORT_MB * 1024 * 1024);
    try {
      res.json(await importFile(database, importer, body, name));
    } finally {
      release();
    }
  });
  return router;
}
