import { Readable } from "node:stream";

// Recorded samples of EDGAR's companyfacts and submissions JSON for one listed Top Player
// (Brown-Forman, CIK 14693), written from the APIs' documented format (docs/public-records.md) for
// the tests: the shapes and the quirks are EDGAR's, the figures are made up. Brown-Forman's fiscal
// year ends on April 30.

export const BF_CIK = 14693;
export const BF_ID = 8;

export interface SampleFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number;
  fp: string;
  form: string;
  filed: string;
  frame?: string;
}

/** The filings of the sample: 10-Ks for fiscal 2025 and 2026, an amended 10-K of 2026, a 10-Q after it. */
export const FILINGS = {
  k2025: { accn: "0000014693-25-000062", form: "10-K", filed: "2025-06-13", fy: 2025, fp: "FY" },
  k2026: { accn: "0000014693-26-000058", form: "10-K", filed: "2026-06-12", fy: 2026, fp: "FY" },
  k2026a: { accn: "0000014693-26-000071", form: "10-K/A", filed: "2026-08-20", fy: 2026, fp: "FY" },
  q2027: { accn: "0000014693-26-000090", form: "10-Q", filed: "2026-09-03", fy: 2027, fp: "Q1" },
} as const;

export const FY2024 = { start: "2023-05-01", end: "2024-04-30" };
export const FY2025 = { start: "2024-05-01", end: "2025-04-30" };
export const FY2026 = { start: "2025-05-01", end: "2026-04-30" };
export const Q1FY2027 = { start: "2026-05-01", end: "2026-07-31" };

const fact = (
  period: { start?: string; end: string },
  val: number,
  filing: (typeof FILINGS)[keyof typeof FILINGS],
) => ({
  ...period,
  val,
  ...filing,
});

/**
 * A companyfacts file: gross sales under two revenue concepts (the older SalesRevenueGoodsGross
 * overlapping the ASC 606 one for fiscal 2025), excise taxes, net sales; each 10-K repeating the
 * year before; the amendment restating fiscal 2026's net sales; a quarter, a half-year a profile
 * does not show, an instant value that has no period, a figure in euros, and concepts the hub
 * does not read.
 */
export function companyFacts(
  overrides: { usdFacts?: Record<string, SampleFact[]>; cik?: number | string; name?: string; scale?: number } = {},
) {
  const { k2025, k2026, k2026a, q2027 } = FILINGS;
  const usd: Record<string, SampleFact[]> =
    overrides.usdFacts ??
    scaled(overrides.scale ?? 1, Number(overrides.cik ?? BF_CIK), {
      RevenueFromContractWithCustomerIncludingAssessedTax: [
        fact(FY2024, 5_300_000_000, k2025),
        fact(FY2025, 5_100_000_000, k2025),
        fact(FY2025, 5_100_000_000, k2026),
        fact(FY2026, 5_000_000_000, k2026),
        fact(Q1FY2027, 1_250_000_000, q2027),
        // Six months to date: neither a year nor a quarter.
        fact({ start: "2026-02-01", end: "2026-07-31" }, 2_400_000_000, q2027),
      ],
      SalesRevenueGoodsGross: [
        fact(FY2025, 5_111_000_000, k2025),
        fact({ start: "2015-05-01", end: "2016-04-30" }, 4_000_000_000, k2025),
      ],
      ExciseAndSalesTaxes: [fact(FY2025, 1_120_000_000, k2025), fact(FY2026, 1_030_000_000, k2026)],
      RevenueFromContractWithCustomerExcludingAssessedTax: [
        fact(FY2025, 3_980_000_000, k2025),
        fact(FY2026, 3_970_000_000, k2026),
        fact(FY2026, 3_975_000_000, k2026a),
        fact(Q1FY2027, 950_000_000, q2027),
        // A value at an instant: not a period the hub can place.
        fact({ end: "2026-04-30" }, 1, k2026),
      ],
    });
  return JSON.stringify({
    cik: overrides.cik ?? BF_CIK,
    entityName: overrides.name ?? "BROWN-FORMAN CORP",
    facts: {
      dei: {
        EntityCommonStockSharesOutstanding: {
          label: "Entity Common Stock, Shares Outstanding",
          description: "…",
          units: {
            shares: [
              {
                end: "2026-05-31",
                val: 169_000_000,
                accn: k2026.accn,
                fy: 2026,
                fp: "FY",
                form: "10-K",
                filed: k2026.filed,
              },
            ],
          },
        },
      },
      "us-gaap": {
        ...Object.fromEntries(
          Object.entries(usd).map(([concept, facts]) => [
            concept,
            {
              label: concept,
              description: `The sample's ${concept}.`,
              units: {
                USD: facts,
                ...(concept === "ExciseAndSalesTaxes" ? { EUR: [fact(FY2025, 90_000_000, k2025)] } : {}),
              },
            },
          ]),
        ),
        AccountsPayableCurrent: {
          label: "Accounts Payable, Current",
          description: "…",
          units: { USD: [fact({ end: "2026-04-30" }, 300_000_000, k2026)] },
        },
      },
    },
  });
}

/**
 * Every figure times `scale`, filed under `cik`: another company's sample from the same filings'
 * shape (an accession number starts with its filer's CIK).
 */
const scaled = (scale: number, cik: number, facts: Record<string, SampleFact[]>) =>
  Object.fromEntries(
    Object.entries(facts).map(([concept, list]) => [
      concept,
      list.map((f) => ({
        ...f,
        val: Math.round(f.val * scale),
        accn: f.accn.replace(/^\d{10}/, String(cik).padStart(10, "0")),
      })),
    ]),
  );

/** A submissions file: its filings as columns of equal length, the recent first, 8-Ks among them. */
export function submissions(cik: string = "0000014693") {
  const { k2025, k2026, k2026a, q2027 } = FILINGS;
  const rows = [
    [q2027.accn, q2027.filed, "2026-07-31", "10-Q", "bfb-20260731.htm"],
    ["0000014693-26-000085", "2026-08-28", "2026-08-28", "8-K", "bfb-20260828.htm"],
    [k2026a.accn, k2026a.filed, "2026-04-30", "10-K/A", "bfb-20260430a.htm"],
    [k2026.accn, k2026.filed, "2026-04-30", "10-K", "bfb-20260430.htm"],
    ["0000014693-26-000050", "2026-06-05", "", "8-K", "bfb-20260605.htm"],
    [k2025.accn, k2025.filed, "2025-04-30", "10-K", "bfb-20250430.htm"],
  ];
  return JSON.stringify({
    cik,
    entityType: "operating",
    sic: "2085",
    sicDescription: "Malt Beverages",
    name: "BROWN-FORMAN CORP",
    tickers: ["BF-B", "BF-A"],
    fiscalYearEnd: "0430",
    filings: {
      recent: {
        accessionNumber: rows.map((r) => r[0]),
        filingDate: rows.map((r) => r[1]),
        reportDate: rows.map((r) => r[2]),
        acceptanceDateTime: rows.map((r) => `${r[1]}T16:05:12.000Z`),
        form: rows.map((r) => r[3]),
        primaryDocument: rows.map((r) => r[4]),
      },
      files: [],
    },
  });
}

export const secStream = (text: string) => Readable.from([Buffer.from(text)]);
