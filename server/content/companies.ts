import { z } from "zod";
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

export const COMPANY_TYPES = ["manufacturer", "distributor"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const companySchema = z.object({
  id: z.number().int().min(1).max(50),
  name: text,
  location: z.string().regex(/^[^,]+, [A-Z]{2}$/, "expected 'City, ST'"),
  type: z.enum(COMPANY_TYPES),
  keyBrands: z.array(text).min(1),
  revenue: text.optional(),
  coverage: text.optional(),
  // The spec lets a row have no profile ("Coming soon"); every built-in company has one (see the dataset test).
  profile: companyProfileSchema.optional(),
  sources: z.array(text).min(1),
});

export type Company = z.infer<typeof companySchema>;

/** Manufacturers are ids 1-25 and distributors 26-50, in rank order; only distributors carry revenue and coverage. */
export const companiesFileSchema = z
  .object({ asOf: text, companies: z.array(companySchema).length(50) })
  .superRefine(({ companies }, ctx) => {
    const names = new Set<string>();
    companies.forEach((company, index) => {
      const issue = (message: string) => ctx.addIssue({ code: "custom", message, path: ["companies", index] });
      if (company.id !== index + 1) issue(`expected id ${index + 1} at position ${index + 1}, found ${company.id}`);
      const expected: CompanyType = company.id <= 25 ? "manufacturer" : "distributor";
      if (company.type !== expected) issue(`id ${company.id} must be a ${expected}`);
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
