import { z } from "zod";
import { COMPANY_TYPES, type Company, type CompanyType } from "#common/content/company.ts";

export { COMPANY_TYPES };
export type { Company, CompanyType } from "#common/content/company.ts";
import raw from "../../content/companies.json" with { type: "json" };

const text = z.string().trim().min(1);

export const companyProfileSchema = z.object({
  overview: text,
  founded: text,
  employees: text,
  marketPosition: text,
  strategy: text,
  recentDevelopments: text,
});

export const companySchema = z.object({
  id: z.number().int().min(1).max(50),
  name: text,
  location: z.string().regex(/^[^,]+, [A-Z]{2}$/, "expected 'City, ST'"),
  type: z.enum(COMPANY_TYPES),
  keyBrands: z.array(text).min(1),
  revenue: text.optional(),
  coverage: text.optional(),
  /** A manufacturer's published sales figure, with its year and source (chat answers quote it). */
  sales: text.optional(),
  /** Who owns the company: "Public company (NYSE: STZ)", "Subsidiary of …", "Family-owned by …". */
  ownership: text,
  // The spec lets a row have no profile ("Coming soon"); every built-in company has one (see the dataset test).
  profile: companyProfileSchema.optional(),
  sources: z.array(text).min(1),
}) satisfies z.ZodType<Company>;


/**
 * Manufacturers are ids 1-25 and distributors 26-50, each listed in rank order (a
 * company's rank is its position among its type). Ids stay with a company when
 * the ranking changes, so a shared profile link keeps its company. Only
 * distributors carry revenue and coverage; only manufacturers a sales figure.
 */
export const companiesFileSchema = z
  .object({ asOf: text, companies: z.array(companySchema).length(50) })
  .superRefine(({ companies }, ctx) => {
    const names = new Set<string>();
    const ids = new Set<number>();
    companies.forEach((company, index) => {
      const issue = (message: string) => ctx.addIssue({ code: "custom", message, path: ["companies", index] });
      const expected: CompanyType = index < 25 ? "manufacturer" : "distributor";
      if (company.type !== expected) issue(`position ${index + 1} must be a ${expected} (manufacturers first, then distributors)`);
      if ((company.id <= 25) !== (company.type === "manufacturer")) issue(`id ${company.id} is out of the ${company.type}s' range (${company.type === "manufacturer" ? "1-25" : "26-50"})`);
      if (ids.has(company.id)) issue(`duplicate id ${company.id}`);
      ids.add(company.id);
      if (company.type === "distributor" && company.sales) issue(`${company.name}: sales is for manufacturers (distributors have revenue)`);
      if (company.type === "distributor" && !company.revenue && !company.coverage) issue(`${company.name} needs revenue or coverage`);
      if (company.type === "manufacturer" && (company.revenue || company.coverage)) issue(`${company.name}: revenue and coverage are for distributors`);
      const key = company.name.toLowerCase();
      if (names.has(key)) issue(`duplicate name ${company.name}`);
      names.add(key);
    });
  });

/** Parses the companies file, or throws one readable line per problem. */
export function parseCompanies(input: unknown): Company[] {
  const result = companiesFileSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`content/companies.json is invalid:\n${lines.join("\n")}`);
  }
  return result.data.companies;
}

/** The 50 Top Players, validated when the server starts. */
export const COMPANIES: readonly Company[] = Object.freeze(parseCompanies(raw));
