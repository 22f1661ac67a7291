import { Router } from "express";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { marketFamily, marketOverview } from "../../market/market-figures.server.ts";
import { familyCsv, overviewCsv } from "../../market/market-csv.ts";
import { DATA_PATH, FAMILY_NOT_FOUND, FAMILY_TABLES, dataFamilyPath } from "#common/market/market-paths.ts";
import { HttpError } from "../errors.ts";
import { LABELS_PATH, labelQuery } from "#common/records/label-approval.ts";
import { labelPage } from "../../records/label-approvals.server.ts";
import { strictLabelQuery } from "../../records/label-filters.ts";
import { importFigures } from "../../records/import-figures.server.ts";
import { HS2208_LABELS, importsPath } from "#common/records/import-figures.ts";
import { TTB_COLA_SOURCE } from "../../records/ttb-source.ts";
import { companyFilings } from "../../records/sec-filings.server.ts";
import { SEC_COMPANYFACTS_SOURCE } from "../../records/sec-source.ts";
import { COMPANIES } from "../../content/companies.server.ts";
import { jsonProduced, versionedRoute, type Produced, type VersionedCache } from "../pages.ts";

const NO_DATA = "No market figures have been imported yet.";
const csvQuery = z.object({
  table: z.enum(FAMILY_TABLES, { message: `table must be one of ${FAMILY_TABLES.join(", ")}` }).default("years"),
});

const importsQuery = z
  .object({
    code: z.enum(Object.keys(HS2208_LABELS) as [string, ...string[]], {
      message: `code must be one of ${Object.keys(HS2208_LABELS).join(", ")}`,
    }),
    country: z.string().regex(/^[1-9]\d{3}$/, "country must be a Census country code such as 2010"),
  })
  .partial();

const filingsQuery = z.object({
  company: z.coerce
    .number({ message: "company must be a Top Player's id (1-50)" })
    .int("company must be a Top Player's id (1-50)")
    .min(1, "company must be a Top Player's id (1-50)")
    .max(50, "company must be a Top Player's id (1-50)"),
});

const csvProduced = (body: string): Produced => ({ type: "text/csv; charset=utf-8", body, cacheControl: "no-cache" });

/** A family's slug as the address gives it: lower-case letters, or a 404 before any query. */
async function family(database: Database, slug: unknown) {
  const figures =
    typeof slug === "string" && /^[a-z]{1,40}$/.test(slug) ? await marketFamily(database.db, slug) : undefined;
  if (!figures) throw new HttpError(404, FAMILY_NOT_FOUND);
  return figures;
}

/**
 * The market data the /data pages show, as documented JSON and CSV (docs/http-api.md):
 * `GET /api/data`, `/api/data.csv`, `/api/data/:family`, `/api/data/:family.csv?table=`.
 * An import bumps the content version, so these share the content-versioned cache.
 */
export function marketDataApi(database: Database, cached: VersionedCache): Router {
  const router = Router();

  router.get(
    "/data",
    versionedRoute(cached, async () => {
      const overview = await marketOverview(database.db);
      if (!overview) throw new HttpError(404, NO_DATA);
      return jsonProduced({
        ...overview,
        page: DATA_PATH,
        families: overview.families.map((f) => ({ ...f, page: dataFamilyPath(f.family.slug) })),
      });
    }),
  );

  router.get(
    "/data.csv",
    versionedRoute(cached, async () => {
      const overview = await marketOverview(database.db);
      if (!overview) throw new HttpError(404, NO_DATA);
      return csvProduced(overviewCsv(overview));
    }),
  );

  // The label approvals (issue 41): before `/data/:family`, which would take "labels" for a family.
  router.get(
    "/data/labels",
    versionedRoute(cached, async (req) => {
      const read = strictLabelQuery(req.query as Record<string, unknown>);
      if (typeof read === "string") throw new HttpError(400, read);
      const page = await labelPage(database.db, read.filters, read.page);
      return jsonProduced({
        ...page,
        source: TTB_COLA_SOURCE,
        page: read.page,
        pageUrl: `${LABELS_PATH}${labelQuery(read.filters, read.page)}`,
      });
    }),
  );

  // Spirits imports by country (issue 41): `code` (a six-digit HS code under 2208) and `country` (a Census code).
  router.get(
    "/data/imports",
    versionedRoute(cached, async (req) => {
      const parsed = importsQuery.safeParse(req.query);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
      const figures = await importFigures(database.db, parsed.data);
      if (!figures) throw new HttpError(404, "No import figures have been imported yet.");
      return jsonProduced({ ...figures, page: importsPath(figures.code, figures.country?.code) });
    }),
  );

  // A listed Top Player's filed figures (issue 41): `company`, its id.
  router.get(
    "/data/filings",
    versionedRoute(cached, async (req) => {
      const parsed = filingsQuery.safeParse(req.query);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
      const company = COMPANIES.find((c) => c.id === parsed.data.company);
      if (!company) throw new HttpError(404, "No such company.");
      const filings = await companyFilings(database.db, company);
      if (!filings) throw new HttpError(404, `${company.name} does not file with the SEC in the hub's company data.`);
      return jsonProduced({ ...filings, source: SEC_COMPANYFACTS_SOURCE });
    }),
  );

  router.get(
    "/data/:family.csv",
    versionedRoute(cached, async (req) => {
      const parsed = csvQuery.safeParse(req.query);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
      return csvProduced(familyCsv(await family(database, req.params.family), parsed.data.table));
    }),
  );

  router.get(
    "/data/:family",
    versionedRoute(cached, async (req) => {
      const figures = await family(database, req.params.family);
      return jsonProduced({ ...figures, page: dataFamilyPath(figures.family.slug) });
    }),
  );

  return router;
}
