import { Router } from "express";
import type { Database } from "../../db/client.ts";
import { ImportRefused } from "../../market/iowa-file.ts";
import { importIowaFile } from "../../market/iowa-import.ts";
import { HttpError } from "../errors.ts";

/** The sources an import reads, by the name `hub data import` takes. */
const IMPORTERS = { "iowa-liquor-sales": importIowaFile } as const;

/**
 * Market data imports for `hub data import` (Bearer ADMIN_TOKEN): the file itself as the body,
 * plain or gzipped, read as it arrives (docs/market-data.md). A refused file changes nothing
 * and is a 422 naming the line and the column.
 */
export function dataApi(database: Database): Router {
  const router = Router();
  router.post("/data/import/:source", async (req, res) => {
    const importer = IMPORTERS[req.params.source as keyof typeof IMPORTERS];
    if (!importer) throw new HttpError(404, `Unknown source: use ${Object.keys(IMPORTERS).join(", ")}`);
    if (!req.is(["text/csv", "text/plain", "application/gzip", "application/octet-stream"]))
      throw new HttpError(415, "Send the file itself as text/csv or application/gzip (curl --data-binary @file)");
    const name = typeof req.query.name === "string" ? req.query.name.slice(0, 200) : "upload";
    try {
      res.json(await importer(database.db, req, name));
    } catch (error) {
      if (error instanceof ImportRefused) throw new HttpError(422, error.message);
      throw error;
    }
  });
  return router;
}
