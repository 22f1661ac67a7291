import { Router } from "express";
import { z } from "zod";
import { COMPANIES, COMPANY_TYPES } from "../../content/companies.server.ts";
import { companiesCsv, companiesCsvFileName } from "../../content/companies-csv.ts";
import { RANK_SORTS, rankedTable, visibleRows, type RankSort } from "#common/content/company-query.ts";
import { HttpError } from "../errors.ts";

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

function parse<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The Top Players dataset: `GET /api/companies?type=&q=` as JSON and `GET /api/companies.csv?type=&q=&sort=` as a spreadsheet. */
export function companiesApi(): Router {
  const router = Router();

  router.get("/companies", (req, res) => {
    const { type, q = "" } = parse(listQuery, req.query);
    const companies = COMPANY_TYPES.filter((t) => !type || t === type).flatMap((t) =>
      visibleRows(rankedTable(COMPANIES, t), q, "none").map(({ rank, company }) => ({ rank, ...company })),
    );
    res.set("Cache-Control", "public, max-age=300").json({ companies });
  });

  router.get("/companies.csv", (req, res) => {
    const { type, q = "", sort = "none" } = parse(csvQuery, req.query);
    const rows = visibleRows(rankedTable(COMPANIES, type), q, sort);
    res
      .set("Content-Type", "text/csv; charset=utf-8")
      .set("Content-Disposition", `attachment; filename="${companiesCsvFileName(type)}"`)
      .set("Cache-Control", "public, max-age=300")
      .send(companiesCsv(type, rows));
  });

  return router;
}
