import { describe, expect, it } from "vitest";
import type { Company } from "./company.ts";
import { matchesQuery, nextRankSort, rankedTable, visibleRows } from "./company-query.ts";

const company = (
  id: number,
  name: string,
  location: string,
  keyBrands: string[],
  type: Company["type"] = "manufacturer",
): Company => ({
  id,
  name,
  location,
  keyBrands,
  type,
  ownership: "Privately held",
  sources: [{ title: "Example", publisher: "Example Inc.", date: "2024", url: "https://example.com/" }],
});

const FIXTURE = [
  company(1, "Alpha Spirits", "Louisville, KY", ["Old Oak Bourbon", "Ménage Gin"]),
  company(2, "Beta Brewing", "Denver, CO", ["Beta Lager"]),
  company(3, "Gamma Wines", "Napa, CA", ["Gamma Reserve"]),
  company(4, "Delta Distributing", "Austin, TX", ["Spirits"], "distributor"),
  company(5, "Epsilon Beverage", "Louisville, KY", ["Beer"], "distributor"),
];

describe("matchesQuery", () => {
  it("matches a case-insensitive substring of the name, the location or any key brand", () => {
    expect(matchesQuery(FIXTURE[0]!, "ALPHA")).toBe(true);
    expect(matchesQuery(FIXTURE[0]!, "louisville")).toBe(true);
    expect(matchesQuery(FIXTURE[0]!, ", ky")).toBe(true);
    expect(matchesQuery(FIXTURE[0]!, "oak bour")).toBe(true);
    expect(matchesQuery(FIXTURE[1]!, "bourbon")).toBe(false);
  });

  it("treats an empty or blank query as matching everything and ignores surrounding spaces", () => {
    expect(matchesQuery(FIXTURE[2]!, "")).toBe(true);
    expect(matchesQuery(FIXTURE[2]!, "   ")).toBe(true);
    expect(matchesQuery(FIXTURE[2]!, "  napa ")).toBe(true);
  });

  it("ignores accents, so a plain keyboard finds accented brands", () => {
    expect(matchesQuery(FIXTURE[0]!, "menage")).toBe(true);
    expect(matchesQuery(FIXTURE[0]!, "MÉNAGE")).toBe(true);
  });

  it("does not match across fields", () => {
    expect(matchesQuery(FIXTURE[0]!, "spirits louisville")).toBe(false);
  });
});

describe("rank sort", () => {
  it("cycles normal, ascending, descending, normal", () => {
    expect(nextRankSort("none")).toBe("ascending");
    expect(nextRankSort("ascending")).toBe("descending");
    expect(nextRankSort("descending")).toBe("none");
  });

  it("numbers each table from #1 in its original order", () => {
    expect(rankedTable(FIXTURE, "manufacturer").map((r) => [r.rank, r.company.id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(rankedTable(FIXTURE, "distributor").map((r) => [r.rank, r.company.id])).toEqual([
      [1, 4],
      [2, 5],
    ]);
  });

  it("keeps the original order for normal and ascending, reverses it for descending, and never renumbers", () => {
    const rows = rankedTable(FIXTURE, "manufacturer");
    expect(visibleRows(rows, "", "none").map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(visibleRows(rows, "", "ascending").map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(visibleRows(rows, "", "descending").map((r) => r.rank)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  it("filters before sorting and keeps each row's original rank", () => {
    const rows = rankedTable(FIXTURE, "manufacturer");
    expect(visibleRows(rows, "a", "descending").map((r) => [r.rank, r.company.name])).toEqual([
      [3, "Gamma Wines"],
      [2, "Beta Brewing"],
      [1, "Alpha Spirits"],
    ]);
    expect(visibleRows(rows, "wines", "none").map((r) => r.rank)).toEqual([3]);
  });
});
