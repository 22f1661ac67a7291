import raw from "../../content/companies.json" with { type: "json" };
import { parseCompanies } from "./companies-file.ts";
import type { Company } from "#common/content/company.ts";

export { COMPANY_TYPES } from "#common/content/company.ts";
export type { Company, CompanyType } from "#common/content/company.ts";
export { parseCompanies };

/** The data's as-of date: the profiles describe each company as it stood then. */
export const COMPANIES_AS_OF: string = (raw as { asOf: string }).asOf;

/** The words a shortened company name may be that name no company (see the file's `notNames`). */
export const NOT_NAMES: readonly string[] = (raw as { notNames: Array<{ word: string }> }).notNames.map((n) => n.word);

/** The 50 Top Players, validated when the server starts. */
export const COMPANIES: readonly Company[] = Object.freeze(parseCompanies(raw));

/**
 * A company as a list carries it: everything its row and profile text show, without the
 * per-claim citations and source list (two thirds of the data), which a profile fetches when
 * it opens (`GET /api/companies/:id`), and without the typed facts, which cite those sources
 * and which no page shows.
 */
export function withoutCitations(company: Company): Company {
  const { claims: _, facts: __, ...rest } = company;
  return { ...rest, sources: [] };
}
