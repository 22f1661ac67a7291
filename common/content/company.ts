// A Top Players company as pages, the API and the assistant see it. The server
// reads and checks the data (server/content/companies.ts); this is its shape.

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

export interface Company {
  id: number;
  name: string;
  /** "City, ST". */
  location: string;
  type: CompanyType;
  keyBrands: string[];
  revenue?: string | undefined;
  coverage?: string | undefined;
  /** A manufacturer's published sales figure, with its year and source (chat answers quote it). */
  sales?: string | undefined;
  /** Who owns the company: "Public company (NYSE: STZ)", "Subsidiary of …", "Family-owned by …". */
  ownership: string;
  /** The spec lets a row have no profile ("Coming soon"); every built-in company has one. */
  profile?: CompanyProfile | undefined;
  sources: string[];
}
