import { z } from "zod";
import { COMPANY_TYPES } from "#common/content/company.ts";

// The file format of content/companies.json: every statement of a profile is a
// claim carrying the ids of the sources it rests on (docs/companies.md). The
// checks here are what makes "every claim sourced" hold: the server refuses to
// start, and `npm run build` refuses to build, on a claim without a source.

const text = z.string().trim().min(1);
/** YYYY-MM-DD, YYYY-MM or YYYY, and a real calendar date. */
export const partialDate = z
  .string()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "expected YYYY, YYYY-MM or YYYY-MM-DD")
  .refine(
    (d) => !Number.isNaN(Date.parse(d.length === 4 ? `${d}-01-01` : d.length === 7 ? `${d}-01` : d)),
    "not a date",
  );

/**
 * A document the claims rest on. `publisher` names who published it, as listed in
 * content/source-publishers.json, and `url` is on one of that publisher's domains; a
 * dated copy kept by an archive says so with `archive` (the archive's name) and wraps
 * the publisher's address (server/content/source-publishers.ts).
 */
export const sourceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "source ids are kebab-case"),
    title: text,
    publisher: text,
    date: partialDate,
    url: z.url({ protocol: /^https?$/, message: "expected a web address" }),
    archive: text.optional(),
  })
  .strict();

/**
 * A claim: its text and the sources it rests on. An estimate names its method
 * (and may cite what it was built on); a figure a company does not publish
 * says so and needs no source.
 */
export const claimSchema = z
  .object({
    text,
    cite: z.array(z.string()).optional(),
    estimate: text.optional(),
    undisclosed: z.literal(true).optional(),
    date: partialDate.optional(),
  })
  .strict()
  .superRefine((claim, ctx) => {
    const cited = (claim.cite?.length ?? 0) > 0;
    if (claim.undisclosed) {
      if (!/^Not (disclosed|published)\b/.test(claim.text))
        ctx.addIssue({
          code: "custom",
          message: `"${claim.text}": only a "Not disclosed" or "Not published" statement needs no source`,
        });
    } else if (!cited && !claim.estimate) {
      ctx.addIssue({
        code: "custom",
        message: `"${claim.text}" has no source: cite one, or mark it as an estimate with its method`,
      });
    }
  });
export type ClaimRecord = z.infer<typeof claimSchema>;

/** Claims that must rest on a document: an estimate of who owns a company or where it is is not a fact. */
const factClaim = claimSchema.refine((c) => !c.estimate && !c.undisclosed && (c.cite?.length ?? 0) > 0, {
  message: "must cite a source (an estimate or 'not disclosed' is not enough here)",
});
const prose = z.array(claimSchema).min(1);

export const companyRecordSchema = z
  .object({
    id: z.number().int().min(1).max(50),
    name: text,
    type: z.enum(COMPANY_TYPES),
    location: factClaim.refine((c) => /^[^,]+, [A-Z]{2}$/.test(c.text), "expected 'City, ST'"),
    founded: claimSchema,
    // Who owns a company is never estimated; where no document says, the profile says it is not disclosed.
    ownership: claimSchema.refine((c) => !c.estimate, {
      message: "an owner is a fact: cite a source, never an estimate",
    }),
    employees: claimSchema,
    // At least one for a manufacturer (companies-file.ts); a distributor whose brands no source names lists none.
    keyBrands: z.array(factClaim),
    sales: claimSchema.optional(),
    revenue: claimSchema.optional(),
    coverage: claimSchema.optional(),
    rankBasis: claimSchema,
    overview: prose,
    marketPosition: prose,
    strategy: prose,
    recentDevelopments: z.array(claimSchema.refine((c) => c.date, "a recent development needs the date of its event")),
    sources: z.array(sourceSchema).min(1),
  })
  .strict();
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

/** Every claim of a record with where it sits, for the checks that span the record. */
export function claimsOf(record: CompanyRecord): Array<[string, ClaimRecord]> {
  const one = (field: string, claim: ClaimRecord | undefined): Array<[string, ClaimRecord]> =>
    claim ? [[field, claim]] : [];
  const many = (field: string, claims: ClaimRecord[]): Array<[string, ClaimRecord]> =>
    claims.map((c, i) => [`${field}.${i}`, c]);
  return [
    ...one("location", record.location),
    ...one("founded", record.founded),
    ...one("ownership", record.ownership),
    ...one("employees", record.employees),
    ...many("keyBrands", record.keyBrands),
    ...one("sales", record.sales),
    ...one("revenue", record.revenue),
    ...one("coverage", record.coverage),
    ...one("rankBasis", record.rankBasis),
    ...many("overview", record.overview),
    ...many("marketPosition", record.marketPosition),
    ...many("strategy", record.strategy),
    ...many("recentDevelopments", record.recentDevelopments),
  ];
}
