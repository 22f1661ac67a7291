import { describe, expect, it } from "vitest";
import { COMPANIES } from "./companies.server.ts";
import { companiesCsv } from "./companies-csv.ts";
import { rankedTable, visibleRows } from "#common/content/company-query.ts";

describe("companiesCsv", () => {
  it("writes the manufacturers' columns, one row per visible company, with its original rank", () => {
    const rows = visibleRows(rankedTable(COMPANIES, "manufacturer"), "", "descending").slice(0, 2);
    const lines = companiesCsv("manufacturer", rows)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Rank,Company,Location,Key Brands");
    expect(lines[1]).toBe(
      `25,${COMPANIES[24]!.name},"${COMPANIES[24]!.location}",${COMPANIES[24]!.keyBrands.join("; ")}`,
    );
    expect(lines).toHaveLength(3);
  });

  it("writes the distributors' revenue and coverage in their own columns", () => {
    const rows = rankedTable(COMPANIES, "distributor").slice(0, 1);
    const [header, first] = companiesCsv("distributor", rows)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe("Rank,Company,Location,Revenue,Coverage,Focus Area");
    expect(first).toContain(`1,${COMPANIES[25]!.name},"${COMPANIES[25]!.location}"`);
    expect(first).toContain(`"${COMPANIES[25]!.coverage}"`);
  });
});
