// The rules content/companies.json must meet, and its reading into the companies pages see.
import { z } from "zod";
import type { Claim, Company, CompanyType } from "#common/content/company.ts";
import type { CompanyFacts, FactBasis } from "#common/content/company-facts.ts";
import { claimsOf, companyRecordSchema, type ClaimRecord, type CompanyRecord } from "./company-record.ts";
import { keyBrandProblem } from "./key-brand-rule.ts";
import { sourceAddressProblem } from "./source-publishers.ts";

/** The day a partial date (YYYY, YYYY-MM) reaches at the latest, for comparing with the as-of date. */
const lastDayOf = (date: string) => (date.length === 4 ? `${date}-12-31` : date.length === 7 ? `${date}-31` : date);

/**
 * Manufacturers are ids 1-25 and distributors 26-50, each listed in rank order (a
 * company's rank is its position among its type). Ids stay with a company when
 * the ranking changes, so a shared profile link keeps its company. Only
 * distributors carry revenue and coverage; only manufacturers a sales figure.
 * Every claim cites sources the company lists, every listed source is cited, and
 * no recent development is dated after the data's as-of date. Every source's address
 * is on its publisher's domains or is a declared archive of a page there, and
 * every key brand is a brand's name (issue 37; docs/companies.md).
 */
export const companiesFileSchema = z
  .object({
    asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD"),
    /**
     * Words a company's shortened name could be that name no company in a question ("Empire", a
     * word and the Empire State, is not Empire Merchants), each with why: the gazetteer's flags.
     */
    notNames: z.array(z.object({ word: z.string().regex(/^[a-z]+$/), why: z.string().min(1) }).strict()),
    companies: z.array(companyRecordSchema).length(50),
  })
  .superRefine(({ asOf, companies }, ctx) => {
    const names = new Set<string>();
    const ids = new Set<number>();
    companies.forEach((company, index) => {
      const issue = (message: string, ...at: Array<string | number>) =>
        ctx.addIssue({ code: "custom", message, path: ["companies", index, ...at] });
      const expected: CompanyType = index < 25 ? "manufacturer" : "distributor";
      if (company.type !== expected)
        issue(`position ${index + 1} must be a ${expected} (manufacturers first, then distributors)`);
      if (company.id <= 25 !== (company.type === "manufacturer"))
        issue(
          `id ${company.id} is out of the ${company.type}s' range (${company.type === "manufacturer" ? "1-25" : "26-50"})`,
        );
      if (ids.has(company.id)) issue(`duplicate id ${company.id}`);
      ids.add(company.id);
      if (company.type === "distributor" && company.sales)
        issue(`${company.name}: sales is for manufacturers (distributors have revenue)`);
      if (company.type === "distributor" && !company.revenue && !company.coverage)
        issue(`${company.name} needs revenue or coverage`);
      if (company.type === "manufacturer" && (company.revenue || company.coverage))
        issue(`${company.name}: revenue and coverage are for distributors`);
      if (company.type === "manufacturer" && company.keyBrands.length === 0)
        issue(`${company.name}: a manufacturer lists at least one key brand`, "keyBrands");
      const key = company.name.toLowerCase();
      if (names.has(key)) issue(`duplicate name ${company.name}`);
      names.add(key);

      const sourceIds = new Set<string>();
      company.sources.forEach((source, at) => {
        if (sourceIds.has(source.id)) issue(`${company.name}: duplicate source id ${source.id}`, "sources");
        sourceIds.add(source.id);
        const notThePublishers = sourceAddressProblem(source);
        if (notThePublishers)
          issue(`${company.name}: source "${source.id}": ${notThePublishers}`, "sources", at, "url");
      });
      company.keyBrands.forEach((brand, at) => {
        const notABrand = keyBrandProblem(brand.text);
        if (notABrand) issue(`${company.name}: key brand "${brand.text}" ${notABrand}`, "keyBrands", at);
      });
      const cited = new Set<string>();
      for (const [field, claim] of claimsOf(company)) {
        for (const id of claim.cite ?? []) {
          if (!sourceIds.has(id))
            issue(`${company.name}: ${field} cites "${id}", which is not among its sources`, field);
          cited.add(id);
        }
        if (claim.date && lastDayOf(claim.date) > asOf)
          issue(
            `${company.name}: ${field} reports an event of ${claim.date}, after the data's as-of date ${asOf}`,
            field,
          );
      }
      for (const id of sourceIds)
        if (!cited.has(id)) issue(`${company.name}: source "${id}" is listed but no claim cites it`, "sources");
    });
  });

const sentences = (claims: ClaimRecord[]) => claims.map((c) => c.text).join(" ");

/** The newest of partial dates: a date known only by its year or month counts as its last day, and a tie goes to the more precise. */
const newest = (dates: string[]) =>
  dates.reduce<string | undefined>((best, date) => {
    if (best === undefined) return date;
    const [a, b] = [lastDayOf(date), lastDayOf(best)];
    return a > b || (a === b && date.length > best.length) ? date : best;
  }, undefined);

/**
 * A record's typed values with what each rests on: the claim's date, else the newest of the
 * sources it cites, else (a claim that cites none) the data's as-of date; and its sources by number.
 */
function factsOf(record: CompanyRecord, asOf: string, number: Map<string, number>): CompanyFacts {
  const dated = new Map(record.sources.map((s) => [s.id, s.date]));
  const basis = (c: ClaimRecord): FactBasis => ({
    asOf: c.date ?? newest((c.cite ?? []).map((id) => dated.get(id)!)) ?? asOf,
    cite: (c.cite ?? []).map((id) => number.get(id)!),
  });
  const fact = <T extends object>(claim: (ClaimRecord & { value?: T | undefined }) | undefined) =>
    claim?.value ? { ...structuredClone(claim.value), ...basis(claim) } : undefined;
  const founded = fact(record.founded);
  const employees = fact(record.employees);
  const money = fact(record.sales ?? record.revenue);
  const coverage = fact(record.coverage);
  return {
    ...(founded && { founded }),
    // The record's checks require these two values.
    headquarters: { ...record.location.value!, ...basis(record.location) },
    ...(employees && { employees }),
    ownership: { ...structuredClone(record.ownership.value!), ...basis(record.ownership) },
    ...(money && { money }),
    ...(coverage && { coverage }),
  };
}

/** A record as pages, the API and the assistant read it: plain fields, and each claim citing its sources by number. */
function toCompany(record: CompanyRecord, asOf: string): Company {
  const number = new Map(record.sources.map((s, i) => [s.id, i + 1]));
  const claim = (c: ClaimRecord): Claim => ({
    text: c.text,
    cite: (c.cite ?? []).map((id) => number.get(id)!),
    ...(c.estimate ? { estimate: c.estimate } : {}),
    ...(c.date ? { date: c.date } : {}),
  });
  const optional = (c: ClaimRecord | undefined) => (c ? claim(c) : undefined);
  return {
    id: record.id,
    name: record.name,
    ...(record.aliases ? { aliases: record.aliases } : {}),
    location: record.location.text,
    type: record.type,
    keyBrands: record.keyBrands.map((b) => b.text),
    ...(record.permits?.length ? { permits: record.permits.map((p) => p.text) } : {}),
    ...(record.secFiler?.value ? { secFiler: structuredClone(record.secFiler.value) } : {}),
    ...(record.revenue ? { revenue: record.revenue.text } : {}),
    ...(record.coverage ? { coverage: record.coverage.text } : {}),
    ...(record.sales ? { sales: record.sales.text } : {}),
    ownership: record.ownership.text,
    profile: {
      overview: sentences(record.overview),
      founded: record.founded.text,
      employees: record.employees.text,
      marketPosition: sentences(record.marketPosition),
      strategy: sentences(record.strategy),
      recentDevelopments: sentences(record.recentDevelopments),
    },
    sources: record.sources.map(({ title, publisher, date, url }) => ({ title, publisher, date, url })),
    claims: {
      location: claim(record.location),
      founded: claim(record.founded),
      ownership: claim(record.ownership),
      employees: claim(record.employees),
      keyBrands: record.keyBrands.map(claim),
      sales: optional(record.sales),
      revenue: optional(record.revenue),
      coverage: optional(record.coverage),
      rankBasis: claim(record.rankBasis),
      overview: record.overview.map(claim),
      marketPosition: record.marketPosition.map(claim),
      strategy: record.strategy.map(claim),
      recentDevelopments: record.recentDevelopments.map(claim),
    },
    facts: factsOf(record, asOf, number),
  };
}

/** Parses the companies file, or throws one readable line per problem. */
export function parseCompanies(input: unknown): Company[] {
  const result = companiesFileSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`content/companies.json is invalid:\n${lines.join("\n")}`);
  }
  return result.data.companies.map((record) => toCompany(record, result.data.asOf));
}
