import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import raw from "../../content/companies.json" with { type: "json" };
import { COMPANIES, parseCompanies } from "./companies.server.ts";

const clone = () => structuredClone(raw) as { asOf: string; companies: Array<Record<string, unknown>> };

describe("the Top Players dataset (content/companies.json)", () => {
  it("holds 25 manufacturers (ids 1-25) then 25 distributors (ids 26-50), in rank order", () => {
    expect(COMPANIES).toHaveLength(50);
    expect(COMPANIES.map((c) => c.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(COMPANIES.slice(0, 25).every((c) => c.id <= 25)).toBe(true);
    expect(COMPANIES.slice(0, 25).every((c) => c.type === "manufacturer")).toBe(true);
    expect(COMPANIES.slice(25).every((c) => c.type === "distributor")).toBe(true);
  });

  it("gives every company a full profile with every field filled in", () => {
    for (const company of COMPANIES) {
      expect(company.profile, company.name).toBeDefined();
      for (const [field, value] of Object.entries(company.profile!)) expect(value.trim(), `${company.name}: ${field}`).not.toBe("");
      expect(company.name.trim()).not.toBe("");
      expect(company.location).toMatch(/^[^,]+, [A-Z]{2}$/);
      expect(company.keyBrands.length, company.name).toBeGreaterThan(0);
      expect(company.sources.length, company.name).toBeGreaterThan(0);
      expect(company.ownership.trim(), company.name).not.toBe("");
      // A figure without its year cannot be checked or compared.
      for (const figure of [company.revenue, company.sales]) if (figure) expect(figure, company.name).toMatch(/\b20\d\d\b/);
    }
  });

  it("has no duplicate names and gives every distributor revenue or coverage", () => {
    expect(new Set(COMPANIES.map((c) => c.name.toLowerCase())).size).toBe(50);
    for (const d of COMPANIES.filter((c) => c.type === "distributor")) expect(d.revenue || d.coverage, d.name).toBeTruthy();
  });

  it("names every company in docs/companies.md, where its facts can be checked", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/companies.md"), "utf8");
    for (const company of COMPANIES) expect(doc, company.name).toContain(company.name);
  });

  it("refuses a file with an id out of range or repeated, a misplaced type, a distributor with sales, a manufacturer with revenue, a distributor without revenue or coverage, a duplicate or an empty field", () => {
    const wrongId = clone();
    wrongId.companies[3]!.id = 40;
    expect(() => parseCompanies(wrongId)).toThrow(/id 40 is out of the manufacturers' range/);

    const sameId = clone();
    sameId.companies[4]!.id = sameId.companies[3]!.id;
    expect(() => parseCompanies(sameId)).toThrow(/duplicate id/);

    const misplaced = clone();
    misplaced.companies.reverse();
    expect(() => parseCompanies(misplaced)).toThrow(/position 1 must be a manufacturer/);

    const sales = clone();
    sales.companies[30]!.sales = "$1 billion (2024)";
    expect(() => parseCompanies(sales)).toThrow(/sales is for manufacturers/);

    const revenue = clone();
    revenue.companies[0]!.revenue = "$1";
    expect(() => parseCompanies(revenue)).toThrow(/revenue and coverage are for distributors/);

    const bare = clone();
    delete bare.companies[30]!.revenue;
    delete bare.companies[30]!.coverage;
    expect(() => parseCompanies(bare)).toThrow(/needs revenue or coverage/);

    const dup = clone();
    dup.companies[1]!.name = raw.companies[0]!.name;
    expect(() => parseCompanies(dup)).toThrow(/duplicate name/);

    const empty = clone();
    (empty.companies[2]!.profile as Record<string, string>).strategy = "  ";
    expect(() => parseCompanies(empty)).toThrow(/companies\.2\.profile\.strategy/);

    const short = clone();
    short.companies.pop();
    expect(() => parseCompanies(short)).toThrow(/companies/);
  });
});
