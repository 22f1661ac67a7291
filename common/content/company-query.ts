// Filtering and rank sorting for the Top Players tables. Pure functions: the
// page runs them in the browser as people type, the API and CSV on the server.
import type { Company, CompanyType } from "./company.ts";
import { fold } from "./fold.ts";

export type RankSort = "none" | "ascending" | "descending";
export const RANK_SORTS: readonly RankSort[] = ["none", "ascending", "descending"];

/** A table row: the company and its original place in its table, from #1. */
export interface RankedCompany {
  rank: number;
  company: Company;
}

/** The Rank header's cycle: normal, ascending, descending, back to normal. */
export function nextRankSort(sort: RankSort): RankSort {
  return sort === "none" ? "ascending" : sort === "ascending" ? "descending" : "none";
}

/** Substring match on name, location or any key brand, ignoring case and accents; an empty query matches everything. */
export function matchesQuery(company: Pick<Company, "name" | "location" | "keyBrands">, query: string): boolean {
  const needle = fold(query.trim());
  if (!needle) return true;
  return [company.name, company.location, ...company.keyBrands].some((field) => fold(field).includes(needle));
}

/** One table's rows in original order, each numbered by its position in the table. */
export function rankedTable(companies: readonly Company[], type: CompanyType): RankedCompany[] {
  return companies.filter((c) => c.type === type).map((company, index) => ({ rank: index + 1, company }));
}

/** The rows a table shows: filtered by the query, then ordered by the Rank sort (ascending keeps the original order). */
export function visibleRows(rows: readonly RankedCompany[], query: string, sort: RankSort): RankedCompany[] {
  const matching = rows.filter((row) => matchesQuery(row.company, query));
  return sort === "descending" ? matching.reverse() : matching;
}
