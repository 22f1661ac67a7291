import type { CompanyType } from "./companies.server.ts";
import type { RankedCompany } from "#common/content/company-query.ts";
import { toCsv } from "./csv.ts";

/** The columns of each table as a spreadsheet wants them: one value per cell, brands separated by semicolons. */
export function companiesCsv(type: CompanyType, rows: readonly RankedCompany[]): string {
  const brands = (row: RankedCompany) => row.company.keyBrands.join("; ");
  if (type === "manufacturer") {
    return toCsv([
      ["Rank", "Company", "Location", "Key Brands"],
      ...rows.map((row) => [String(row.rank), row.company.name, row.company.location, brands(row)]),
    ]);
  }
  return toCsv([
    ["Rank", "Company", "Location", "Revenue", "Coverage", "Focus Area"],
    ...rows.map((row) => [
      String(row.rank),
      row.company.name,
      row.company.location,
      row.company.revenue ?? "",
      row.company.coverage ?? "",
      brands(row),
    ]),
  ]);
}

export function companiesCsvFileName(type: CompanyType): string {
  return type === "manufacturer" ? "top-25-us-alcohol-manufacturers-2024.csv" : "top-25-us-alcohol-distributors.csv";
}
