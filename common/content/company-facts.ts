// The typed values of a company's claims (issue 40): the founding year, the headquarters, the
// headcount, the owner, the headline sales or revenue figure and the states served, as numbers
// and codes rather than sentences. content/companies.json carries each as the `value` of its
// claim, checked against the claim's own text (server/content/claim-values.ts); `Company.facts`
// carries them with the date and the sources they rest on. What each field means:
// docs/companies.md, "Typed values".

/** The two-letter codes of the 50 states and the District of Columbia, with their names. */
export const US_STATES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
} as const;
export type StateCode = keyof typeof US_STATES;
export const isStateCode = (code: string): code is StateCode => Object.hasOwn(US_STATES, code);

/** How a figure is stated: "More than 19,000", "About 10,600" or "~17,700", "Nearly 700", or as it is ("381"). */
export const FIGURE_QUALIFIERS = ["more-than", "about", "nearly", "exact"] as const;
export type FigureQualifier = (typeof FIGURE_QUALIFIERS)[number];

/**
 * What a figure covers: "us", the U.S. business only; "worldwide", the whole company (or, with
 * `of`, the whole group named), every market it has; "part", only part of it: a division, a
 * segment, a region, a facility, or the company as it was formed before later deals.
 */
export const FIGURE_SCOPES = ["us", "worldwide", "part"] as const;
export type FigureScope = (typeof FIGURE_SCOPES)[number];

/**
 * Who owns a company: listed on an exchange; a subsidiary or division of a parent; a family's
 * (family-owned or family-controlled, privately held); privately held by others (a founder, its
 * managers); an investment firm's; or not disclosed.
 */
export const OWNERSHIP_KINDS = ["public", "subsidiary", "family", "private", "investment-firm", "undisclosed"] as const;
export type OwnershipKind = (typeof OWNERSHIP_KINDS)[number];

/** The currencies figures are reported in: "$" and "US$" are USD, "€" EUR, "£" GBP, "A$" AUD, "P$" MXN. */
export const CURRENCIES = ["USD", "EUR", "GBP", "AUD", "MXN"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** "1852"; "2005 (merger of Molson, founded 1786, …)" has roots 1786; "About 2008" is approximate. */
export interface FoundedValue {
  year: number;
  /** The founding of an older business the company grew from, when the text names its year. */
  roots?: number;
  approximate?: true;
}

/** The "City, ST" of the location claim. */
export interface HeadquartersValue {
  city: string;
  state: StateCode;
}

/** "More than 19,000 in the U.S. (2021)": 19000, more-than, us, 2021. */
export interface EmployeesValue {
  count: number;
  qualifier: FigureQualifier;
  scope: FigureScope;
  /** The year the figure is for, when the text gives it. */
  year?: number;
  /** Whose headcount it is when not the company's own: the parent or group the text names ("Diageo plc"). */
  of?: string;
}

/** A listing on an exchange: "NYSE: STZ". Some texts name the exchange only ("Euronext Amsterdam"). */
export interface Listing {
  exchange: string;
  ticker?: string;
  /** Listed as American depositary receipts ("NYSE-listed ADRs"). */
  adr?: true;
}

export interface OwnershipValue {
  kind: OwnershipKind;
  /** A subsidiary's parent, or the investment firm that owns the company. */
  parent?: string;
  /** The company's own listings, or a subsidiary's parent's, as the text gives them. */
  listings?: Listing[];
}

/**
 * The headline figure of a sales (manufacturer) or revenue (distributor) claim: the money figure
 * the text leads with, or, when the text gives only a volume, the number of cases.
 */
export interface MoneyValue {
  /** In whole units of `currency`: "$10.21 billion" is 10210000000. */
  amount?: number;
  currency?: Currency;
  /** Cases sold, as the text counts them (9-liter cases where it says so), instead of an amount. */
  cases?: number;
  /** "2024" (calendar year), "FY to 2025-02-28" (fiscal year ended that day), "2024-Q4", "2023-07 to 2023-12". */
  period: string;
  scope: FigureScope;
  /** "~$26 billion" is about, "More than $700 million" more-than; without it, the figure as stated. */
  qualifier?: FigureQualifier;
  /** The text calls the figure an estimate or a projection. */
  estimate?: true;
  /** Whose figure it is when not the company's own: the parent or group the text names ("AB InBev"). */
  of?: string;
}

/** The states a distributor serves. */
export interface CoverageValue {
  /** Every state (and "DC") the text names. */
  states: StateCode[];
  /** The number of states the text gives ("44 U.S. states"), when it gives one; D.C. is not counted. */
  count?: number;
  /** The text says the company covers only part of a state (or of one of them). */
  partial?: true;
}

/**
 * What a value rests on: `asOf` is the claim's date, else the newest date among the sources it
 * cites (a source dated by its year counts as that year's end), else, for a claim that cites none
 * ("Not disclosed"), the data's as-of date; `cite` numbers the company's sources from 1, as the claims do.
 */
export interface FactBasis {
  asOf: string;
  cite: number[];
}

/** A company's typed values with what each rests on. Headquarters and owner are always there. */
export interface CompanyFacts {
  founded?: FoundedValue & FactBasis;
  headquarters: HeadquartersValue & FactBasis;
  employees?: EmployeesValue & FactBasis;
  ownership: OwnershipValue & FactBasis;
  /** The value of the sales claim (manufacturers) or the revenue claim (distributors). */
  money?: MoneyValue & FactBasis;
  coverage?: CoverageValue & FactBasis;
}

/** The annual report forms a listed company files with the SEC: a U.S. company's 10-K, a foreign private issuer's 20-F. */
export const ANNUAL_FORMS = ["10-K", "20-F"] as const;
export type AnnualForm = (typeof ANNUAL_FORMS)[number];

/**
 * Where a company files with the SEC: its EDGAR Central Index Key and the form of its annual report.
 * `of` names the listed parent that files when the Top Player is its subsidiary ("Diageo plc"): the
 * filings are then the group's, and the profile says so.
 */
export interface SecFilerValue {
  cik: number;
  annualForm: AnnualForm;
  of?: string;
}
