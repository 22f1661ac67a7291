import { z } from "zod";
import { COMPANY_TYPES } from "#common/content/company.ts";
import {
  ANNUAL_FORMS,
  CURRENCIES,
  FIGURE_QUALIFIERS,
  FIGURE_SCOPES,
  OWNERSHIP_KINDS,
  type CoverageValue,
  type EmployeesValue,
  type FoundedValue,
  type HeadquartersValue,
  type MoneyValue,
  type OwnershipValue,
  type SecFilerValue,
  type StateCode,
} from "#common/content/company-facts.ts";
import {
  secFilerProblems,
  coverageProblems,
  employeesProblems,
  foundedProblems,
  headquartersProblems,
  moneyProblems,
  ownershipProblems,
} from "./claim-values.ts";

// The file format of content/companies.json: every statement of a profile is a
// claim carrying the ids of the sources it rests on (docs/companies.md). The
// checks here are what makes "every claim sourced" hold: the server refuses to
// start, and `npm run build` refuses to build, on a claim without a source, and
// on a typed value (issue 40) that does not say what its claim's text says.

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
const claimFields = {
  text,
  cite: z.array(z.string()).optional(),
  estimate: text.optional(),
  undisclosed: z.literal(true).optional(),
  date: partialDate.optional(),
};
function claimRules(
  claim: { text: string; cite?: string[] | undefined; estimate?: string | undefined; undisclosed?: true | undefined },
  ctx: z.RefinementCtx,
) {
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
}
export const claimSchema = z.object(claimFields).strict().superRefine(claimRules);
export type ClaimRecord = z.infer<typeof claimSchema>;
/**
 * A claim that may also carry its statement's typed value (issue 40); whether the value says what
 * the text says is checked with the company's record below, so that a refusal names the company.
 */
const claimWithValue = <T>(value: z.ZodType<T>) =>
  z
    .object({ ...claimFields, value: value.optional() })
    .strict()
    .superRefine(claimRules);

// The typed values (common/content/company-facts.ts; docs/companies.md, "Typed values"). Their
// shapes are checked here; whether each says what its claim's text says, with the company's
// record below (server/content/claim-values.ts).
const year = z.number().int().min(1000).max(2100);
const count = z.number().int().positive();
/** Two capital letters; whether it names a state is checked with the record, so the refusal names the company. */
const stateCode = z.custom<StateCode>((v) => typeof v === "string" && /^[A-Z]{2}$/.test(v), {
  message: "expected a two-letter state code",
});
const foundedValue: z.ZodType<FoundedValue> = z
  .object({ year, roots: year.optional(), approximate: z.literal(true).optional() })
  .strict();
const headquartersValue: z.ZodType<HeadquartersValue> = z.object({ city: text, state: stateCode }).strict();
const employeesValue: z.ZodType<EmployeesValue> = z
  .object({
    count,
    qualifier: z.enum(FIGURE_QUALIFIERS),
    scope: z.enum(FIGURE_SCOPES),
    year: year.optional(),
    of: text.optional(),
  })
  .strict();
const ownershipValue: z.ZodType<OwnershipValue> = z
  .object({
    kind: z.enum(OWNERSHIP_KINDS),
    parent: text.optional(),
    listings: z
      .array(z.object({ exchange: text, ticker: text.optional(), adr: z.literal(true).optional() }).strict())
      .min(1)
      .optional(),
  })
  .strict();
const moneyValue: z.ZodType<MoneyValue> = z
  .object({
    amount: count.optional(),
    currency: z.enum(CURRENCIES).optional(),
    cases: count.optional(),
    period: text,
    scope: z.enum(FIGURE_SCOPES),
    qualifier: z.enum(FIGURE_QUALIFIERS).optional(),
    estimate: z.literal(true).optional(),
    of: text.optional(),
  })
  .strict()
  .refine(
    (v) =>
      v.cases === undefined
        ? v.amount !== undefined && v.currency !== undefined
        : v.amount === undefined && !v.currency,
    "a sales or revenue value has an amount and its currency, or cases instead",
  );
const coverageValue: z.ZodType<CoverageValue> = z
  .object({ states: z.array(stateCode), count: count.optional(), partial: z.literal(true).optional() })
  .strict();

const secFilerValue: z.ZodType<SecFilerValue> = z
  .object({ cik: count.max(9_999_999_999), annualForm: z.enum(ANNUAL_FORMS), of: text.optional() })
  .strict();

/** Claims that must rest on a document: an estimate of who owns a company or where it is is not a fact. */
const isFact = (c: ClaimRecord) => !c.estimate && !c.undisclosed && (c.cite?.length ?? 0) > 0;
const notAFact = { message: "must cite a source (an estimate or 'not disclosed' is not enough here)" };
const factClaim = claimSchema.refine(isFact, notAFact);
/** A TTB permit number as the registry writes it: "DSP-KY-113", "KY-I-15000", "BWN-CA-1234". */
export const PERMIT = /^[A-Z]{1,4}(?:-[A-Z0-9]{1,4})*-\d{1,6}$/;
const prose = z.array(claimSchema).min(1);

const companyRecordShape = z
  .object({
    id: z.number().int().min(1).max(50),
    name: text,
    // Names the trade calls the company by beside its own ("RNDC", "A-B"): the assistant and search read
    // a question's names from them as from the name itself. Not claims: a name is not a fact about the company.
    aliases: z.array(text).optional(),
    type: z.enum(COMPANY_TYPES),
    // Every headquarters and every owner has its typed value (checked with the record below, so the refusal
    // names the company); the other values are there when the text gives them.
    location: claimWithValue(headquartersValue)
      .refine(isFact, notAFact)
      .refine((c) => /^[^,]+, [A-Z]{2}$/.test(c.text), "expected 'City, ST'"),
    founded: claimWithValue(foundedValue),
    // Who owns a company is never estimated; where no document says, the profile says it is not disclosed.
    ownership: claimWithValue(ownershipValue).refine((c) => !c.estimate, {
      message: "an owner is a fact: cite a source, never an estimate",
    }),
    employees: claimWithValue(employeesValue),
    // At least one for a manufacturer (companies-file.ts); a distributor whose brands no source names lists none.
    keyBrands: z.array(factClaim),
    // Its TTB permit numbers ("DSP-KY-113"), where a document lists them: the label approvals filed
    // under one are the company's whatever their brand name (issue 41, server/records/label-join.ts).
    permits: z
      .array(factClaim.refine((c) => PERMIT.test(c.text), "expected a TTB permit number such as DSP-KY-113"))
      .optional(),
    // Where a listed company (or its listed parent, `of`) files with the SEC: the filings imported
    // under its CIK are its own (issue 41, server/records/sec-filings.server.ts).
    secFiler: claimWithValue(secFilerValue)
      .refine(isFact, notAFact)
      .refine((c) => c.value !== undefined, "secFiler needs its value, { cik, annualForm }")
      .optional(),
    sales: claimWithValue(moneyValue).optional(),
    revenue: claimWithValue(moneyValue).optional(),
    coverage: claimWithValue(coverageValue).optional(),
    rankBasis: claimSchema,
    overview: prose,
    marketPosition: prose,
    strategy: prose,
    recentDevelopments: z.array(claimSchema.refine((c) => c.date, "a recent development needs the date of its event")),
    sources: z.array(sourceSchema).min(1),
  })
  .strict();
export type CompanyRecord = z.infer<typeof companyRecordShape>;

/**
 * Every typed value says what its claim's text says (server/content/claim-values.ts): one line per
 * mismatch, naming the company and the field. A figure whose `of` names the group it belongs to
 * names one its text or the ownership text names; a claim marked "not disclosed" has no value
 * (but the owner's kind "undisclosed").
 */
function valueProblems(record: CompanyRecord): Array<[field: string, problem: string]> {
  const problems: Array<[string, string]> = [];
  const add = (field: string, found: string[]) => problems.push(...found.map((p): [string, string] => [field, p]));
  const { location, founded, ownership, employees, sales, revenue, coverage, secFiler } = record;
  const checked = <T>(
    field: string,
    claim: { text: string; undisclosed?: true | undefined; value?: T | undefined } | undefined,
    check: (value: T, text: string) => string[],
  ) => {
    if (claim?.value === undefined) return;
    if (claim.undisclosed) add(field, [`${field} is not disclosed: a claim marked "undisclosed" has no value`]);
    else add(field, check(claim.value, claim.text));
  };
  if (!location.value) add("location", [`location needs its value, { "city", "state" }`]);
  else add("location", headquartersProblems(location.value, location.text));
  if (!ownership.value)
    add("ownership", [`ownership needs its value, { "kind", … } ("undisclosed" for an owner not disclosed)`]);
  else add("ownership", ownershipProblems(ownership.value, ownership.text, ownership.undisclosed === true));
  checked("founded", founded, foundedProblems);
  checked("employees", employees, employeesProblems);
  checked("sales", sales, (value, text) => moneyProblems("sales", value, text));
  checked("revenue", revenue, (value, text) => moneyProblems("revenue", value, text));
  checked("coverage", coverage, coverageProblems);
  checked("secFiler", secFiler, secFilerProblems);
  for (const [field, claim] of [
    ["employees", employees],
    ["sales", sales],
    ["revenue", revenue],
    ["secFiler", secFiler],
  ] as const) {
    const of = claim?.value?.of;
    if (of && !claim.text.includes(of) && !ownership.text.includes(of))
      add(field, [`${field} "of" "${of}" is named neither in its text nor in the ownership text`]);
  }
  return problems;
}

export const companyRecordSchema = companyRecordShape.superRefine((record, ctx) => {
  for (const [field, problem] of valueProblems(record))
    ctx.addIssue({ code: "custom", message: `${record.name}: ${problem}`, path: [field, "value"] });
});

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
    ...many("permits", record.permits ?? []),
    ...one("secFiler", record.secFiler),
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
