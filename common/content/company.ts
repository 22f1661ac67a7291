// A Top Players company as pages, the API and the assistant see it. The server
// reads and checks the data (server/content/companies.server.ts); this is its shape.
import type { CompanyFacts, SecFilerValue } from "./company-facts.ts";

export type { CompanyFacts } from "./company-facts.ts";

export const COMPANY_TYPES = ["manufacturer", "distributor"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export interface CompanyProfile {
  overview: string;
  founded: string;
  employees: string;
  marketPosition: string;
  strategy: string;
  recentDevelopments: string;
}

/** A public document a claim rests on. */
export interface CompanySource {
  title: string;
  publisher: string;
  /** YYYY-MM-DD, YYYY-MM or YYYY: as precisely as the document is dated. */
  date: string;
  url: string;
}

/**
 * One checkable statement and what it rests on: `cite` numbers the company's
 * sources from 1, as the profile shows them. An estimate says how it was made;
 * a figure the company does not publish ("Not disclosed") needs no source.
 */
export interface Claim {
  text: string;
  cite: number[];
  estimate?: string | undefined;
  /** The day (or month, or year) of the event a recent development reports. */
  date?: string | undefined;
}

/** Every statement of a profile as a claim: the plain fields of `Company` are these texts joined. */
export interface CompanyClaims {
  location: Claim;
  founded: Claim;
  ownership: Claim;
  employees: Claim;
  keyBrands: Claim[];
  sales?: Claim | undefined;
  revenue?: Claim | undefined;
  coverage?: Claim | undefined;
  /** What the company's rank rests on. */
  rankBasis: Claim;
  overview: Claim[];
  marketPosition: Claim[];
  strategy: Claim[];
  recentDevelopments: Claim[];
}

/** A profile's claims in the order the profile shows them (its estimates are listed in this order). */
export function claimsInReadingOrder(claims: CompanyClaims): Claim[] {
  return [
    claims.location,
    claims.founded,
    ...claims.overview,
    claims.ownership,
    claims.employees,
    ...[claims.sales, claims.revenue, claims.coverage].filter((c) => c !== undefined),
    claims.rankBasis,
    ...claims.marketPosition,
    ...claims.strategy,
    ...claims.recentDevelopments,
    ...claims.keyBrands,
  ];
}

export interface Company {
  id: number;
  name: string;
  /** "City, ST". */
  location: string;
  type: CompanyType;
  keyBrands: string[];
  /** Names the trade calls the company by beside its own ("RNDC", "A-B"). */
  aliases?: string[] | undefined;
  /** Its TTB permit numbers, where the data lists them: the label approvals filed under them are its own. */
  permits?: string[] | undefined;
  /** Where it (or its listed parent) files with the SEC, where the data lists it: its filings are imported by this CIK. */
  secFiler?: SecFilerValue | undefined;
  revenue?: string | undefined;
  coverage?: string | undefined;
  /** A manufacturer's published sales figure, with its year and source (chat answers quote it). */
  sales?: string | undefined;
  /** Who owns the company: "Public company (NYSE: STZ)", "Subsidiary of …", "Family-owned by …". */
  ownership: string;
  /** The spec lets a row have no profile ("Coming soon"); every built-in company has one. */
  profile?: CompanyProfile | undefined;
  /** Numbered from 1 in this order, as the claims cite them. */
  sources: CompanySource[];
  claims?: CompanyClaims | undefined;
  /**
   * The claims' typed values (founding year, headquarters, headcount, owner, sales or revenue,
   * states served), each with its as-of date and the sources it cites: for code that reads
   * numbers, not sentences (common/content/company-facts.ts).
   */
  facts?: CompanyFacts | undefined;
}
