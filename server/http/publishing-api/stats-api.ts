import { Router } from "express";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { noWrites } from "../../analytics/audience-limits.ts";
import { periodFrom, periodQuery } from "../../analytics/audience-period.server.ts";
import { downloadsReport, readersReport, subscribersReport } from "../../analytics/audience-report.server.ts";
import { DailySalts } from "../../analytics/daily-salts.ts";
import { importAccessLog, importedBefore } from "../../analytics/log-import.ts";
import { HttpError } from "../errors.ts";
import { parseBody } from "./request-schemas.ts";

const REPORTS = { downloads: downloadsReport, readers: readersReport, subscribers: subscribersReport } as const;
const digestQuery = z.strictObject({
  digest: z
    .string()
    .regex(/^[a-f0-9]{64}$/, "must be the file's SHA-256 in hex")
    .optional(),
});

/**
 * Audience figures for scripts and `hub stats` (Bearer ADMIN_TOKEN): the same
 * reports as the desk's Audience page, and the import of a CDN's access log
 * when the audio is served from MEDIA_BASE_URL rather than by the site.
 */
export function statsApi(database: Database): Router {
  const router = Router();
  const { db } = database;
  const salts = new DailySalts(db);

  router.get("/stats/:report", async (req, res) => {
    const report = REPORTS[req.params.report as keyof typeof REPORTS];
    if (!report) throw new HttpError(404, "Unknown report: use downloads, readers or subscribers");
    const period = periodFrom(parseBody(periodQuery, req.query));
    res.set("Cache-Control", "no-store").json(await report(db, period));
  });

  router.post("/stats/import", async (req, res) => {
    if (!req.is("text/plain"))
      throw new HttpError(415, "Send the log itself as text/plain (curl --data-binary @access.log)");
    const { digest } = parseBody(digestQuery, req.query);
    if (digest) {
      const at = await importedBefore(db, digest);
      if (at) throw new HttpError(409, `This log was imported on ${at.slice(0, 10)}: nothing was counted twice`);
    }
    const written = noWrites();
    const result = await importAccessLog(db, salts, req, digest, written);
    req.log.debug({ kind: "import", ...written }, "audience batch written");
    res.json(result);
  });

  return router;
}
