import { Router } from "express";
import { z } from "zod";
import { COMPANIES, COMPANY_TYPES } from "../../content/companies.server.ts";
import { companiesCsv, companiesCsvFileName } from "../../content/companies-csv.ts";
import { RANK_SORTS, rankedTable, visibleRows, type RankSort } from "#common/content/company-query.ts";
import { HttpError } from "../errors.ts";
import type { Database } from "../../db/client.ts";
import { companyCoverage, decodeCoverageCursor } from "../../search/company-coverage.server.ts";
import { COVERAGE_MAX, COVERAGE_PAGE } from "#common/search/company-coverage.ts";
import { jsonProduced, versionedRoute, type VersionedCache } from "../pages.ts";

const listQuery = z.object({
  type: z.enum(COMPANY_TYPES, { message: "type must be manufacturer or distributor" }).optional(),
  q: z.string().max(200, "q must be at most 200 characters").optional(),
});
const csvQuery = listQuery.extend({
  type: z.enum(COMPANY_TYPES, { message: "type must be manufacturer or distributor" }),
  sort: z
    .enum(RANK_SORTS as [RankSort, ...RankSort[]], { message: "sort must be none, ascending or descending" })
    .optional(),
});

const coverageQuery = z.object({
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${COVERAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${COVERAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${COVERAGE_MAX}`)
    .max(COVERAGE_MAX, `limit must be a whole number from 1 to ${COVERAGE_MAX}`)
    .default(COVERAGE_PAGE),
  cursor: z
    .string()
    .max(200, "cursor is not one this server gave out")
    .transform((raw, ctx) => {
      const cursor = decodeCoverageCursor(raw);
      if (!cursor) ctx.addIssue({ code: "custom", message: "cursor is not one this server gave out" });
      return cursor;
    })
    .optional(),
});

/** The companies' facts change only with a release: browsers may keep them five minutes. */
const COMPANY_CACHE = "public, max-age=300";

function parse<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * The Top Players dataset: `GET /api/companies?type=&q=` as JSON, `GET /api/companies.csv?type=&q=&sort=`
 * as a spreadsheet, and `GET /api/companies/:id/coverage?cursor=&limit=`, the recaps and podcast
 * moments that name a company (docs/company-coverage.md). Coverage is derived from the content, so it
 * shares the content-versioned cache with the other lists: a publish makes the next answer current.
 */
export function companiesApi(database: Database, cached: VersionedCache): Router {
  const router = Router();

  // Kept like the other lists (compressed once, not per request: the whole list is 70 KB of brotli).
  router.get(
    "/companies",
    versionedRoute(cached, async (req) => {
      const { type, q = "" } = parse(listQuery, req.query);
      const companies = COMPANY_TYPES.filter((t) => !type || t === type).flatMap((t) =>
        visibleRows(rankedTable(COMPANIES, t), q, "none").map(({ rank, company }) => ({ rank, ...company })),
      );
      return { ...jsonProduced({ companies }), cacheControl: COMPANY_CACHE };
    }),
  );

  router.get("/companies.csv", (req, res) => {
    const { type, q = "", sort = "none" } = parse(csvQuery, req.query);
    const rows = visibleRows(rankedTable(COMPANIES, type), q, sort);
    res
      .set("Content-Type", "text/csv; charset=utf-8")
      .set("Content-Disposition", `attachment; filename="${companiesCsvFileName(type)}"`)
      .set("Cache-Control", COMPANY_CACHE)
      .send(companiesCsv(type, rows));
  });

  // One company with its citations and sources: what a profile opened in the Explorer fetches.
  router.get(
    "/companies/:id",
    versionedRoute(cached, async (req) => {
      const id = /^[1-9]\d{0,8}$/.test(String(req.params.id)) ? Number(req.params.id) : undefined;
      const company = COMPANIES.find((c) => c.id === id);
      if (!company) throw new HttpError(404, "Company not found");
      return { ...jsonProduced({ company }), cacheControl: COMPANY_CACHE };
    }),
  );

  router.get(
    "/companies/:id/coverage",
    versionedRoute(cached, async (req) => {
      const id = /^[1-9]\d{0,8}$/.test(String(req.params.id)) ? Number(req.params.id) : undefined;
      const company = COMPANIES.find((c) => c.id === id);
      if (!company) throw new HttpError(404, "Company not found");
      const { limit, cursor } = parse(coverageQuery, req.query);
      const coverage = await companyCoverage(database.db, COMPANIES, company.id, { limit, cursor });
      return jsonProduced(coverage);
    }),
  );

  return router;
}
