import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import {
  BF_CIK,
  BF_ID,
  companyFacts,
  FILINGS,
  FY2025,
  FY2026,
  secStream,
  submissions,
} from "../../tests/support/sec-files.ts";
import { importSecFile } from "./sec-companyfacts-import.ts";
import { companyFilings, filingReviews, periodEnd } from "./sec-filings.server.ts";

// Issue 41: the EDGAR importer and what the profile and the desk read of it, on both engines, on
// recorded samples written from the documented format (made-up figures).

const brownForman = COMPANIES.find((c) => c.id === BF_ID)!;

describe.each(ENGINES)("the SEC filings import on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);
  const db = () => handle.database.db;
  const count = async (table: "filed_figures" | "sec_filings") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("keeps each figure once by filing, concept and period, and says what it left out", async () => {
    const result = await importSecFile(db(), secStream(companyFacts()), "CIK0000014693.json");
    expect(result).toMatchObject({
      unchanged: false,
      rowsRead: 15,
      rowsKept: 14,
      rowsRefused: 1,
      firstPeriod: "2016-04-30",
      lastPeriod: "2026-07-31",
      periodsAdded: 14,
      periodsReplaced: 0,
    });
    expect(await count("filed_figures")).toBe(14);
    expect(await count("sec_filings")).toBe(4);
    const again = await importSecFile(db(), secStream(companyFacts()), "again.json");
    expect(again).toMatchObject({ unchanged: true, importId: result.importId });
    expect(await count("filed_figures")).toBe(14);
  });

  it("shows the first revenue concept present, the amended figure, and the quarter after the last year", async () => {
    const filings = (await companyFilings(db(), brownForman))!;
    expect(filings.filer).toEqual({ cik: BF_CIK, annualForm: "10-K" });
    expect(filings.periods.map((p) => `${p.kind} ${p.start} ${p.end}`)).toEqual([
      "quarter 2026-05-01 2026-07-31",
      `year ${FY2026.start} ${FY2026.end}`,
      `year ${FY2025.start} ${FY2025.end}`,
      "year 2023-05-01 2024-04-30",
    ]);
    const fy2026 = filings.periods[1]!;
    expect(fy2026.figures.map((f) => [f.measure, f.value, f.concept, f.filing.form])).toEqual([
      ["revenue", 5_000_000_000, "RevenueFromContractWithCustomerIncludingAssessedTax", "10-K"],
      ["excise-taxes", 1_030_000_000, "ExciseAndSalesTaxes", "10-K"],
      // The amendment restates it: the later filing is the one shown, marked as amended.
      ["net-sales", 3_975_000_000, "RevenueFromContractWithCustomerExcludingAssessedTax", "10-K/A"],
    ]);
    expect(fy2026.figures[2]!.filing).toEqual({
      accession: FILINGS.k2026a.accn,
      form: "10-K/A",
      filedOn: "2026-08-20",
      amended: true,
      url: "https://www.sec.gov/Archives/edgar/data/14693/000001469326000071/",
    });
    // Both revenue concepts hold fiscal 2025: the first of the order is shown, by its name; the
    // 10-K of 2026 repeating it is the latest filing of it.
    const fy2025 = filings.periods[2]!;
    expect(fy2025.figures[0]).toMatchObject({
      measure: "revenue",
      value: 5_100_000_000,
      concept: "RevenueFromContractWithCustomerIncludingAssessedTax",
      filing: { accession: FILINGS.k2026.accn },
    });
    // Euros are not read.
    expect(fy2025.figures[1]).toMatchObject({ measure: "excise-taxes", value: 1_120_000_000 });
  });

  it("lists a profile claim an annual report filed since has overtaken, and never rewrites it", async () => {
    const reviews = await filingReviews(db(), COMPANIES);
    expect(reviews).toHaveLength(1);
    const [review] = reviews;
    expect(review).toMatchObject({
      company: { id: BF_ID, name: "Brown-Forman" },
      field: "sales",
      claim: brownForman.claims!.sales!.text,
      claimPeriod: "FY to 2024-04-30",
      periodEnd: "2026-04-30",
      filing: { form: "10-K/A", filedOn: "2026-08-20" },
      figure: { measure: "net-sales", value: 3_975_000_000 },
    });
    expect(COMPANIES.find((c) => c.id === BF_ID)!.claims!.sales!.text).toBe(brownForman.claims!.sales!.text);
  });

  it("adds a submissions file's reports to the filings it holds, leaving its other forms out", async () => {
    const result = await importSecFile(db(), secStream(submissions()), "submissions-CIK0000014693.json");
    expect(result).toMatchObject({ rowsRead: 6, rowsKept: 4, periodsAdded: 0, periodsReplaced: 4 });
    const k = await db()
      .selectFrom("sec_filings")
      .selectAll()
      .where("accession", "=", FILINGS.k2026.accn)
      .executeTakeFirstOrThrow();
    expect(k).toMatchObject({
      form: "10-K",
      filed_on: "2026-06-12",
      report_date: "2026-04-30",
      primary_document: "bfb-20260430.htm",
    });
    expect(await count("sec_filings")).toBe(4);
  });

  it("refuses a malformed file naming its path, keeping nothing", async () => {
    const before = [await count("filed_figures"), await count("sec_filings")];
    const bad = (usd: Record<string, unknown[]>) => companyFacts({ usdFacts: usd as never });
    const good = {
      end: "2026-04-30",
      start: "2025-05-01",
      val: 1,
      accn: FILINGS.k2026.accn,
      fy: 2026,
      fp: "FY",
      form: "10-K",
      filed: "2026-06-12",
    };
    const refusals: Array<[string, string | RegExp]> = [
      [
        bad({ Revenues: [good, { ...good, end: "2026-13-01" }] }),
        "facts.us-gaap.Revenues.units.USD[1].end: expected a date (YYYY-MM-DD); nothing was imported.",
      ],
      [bad({ Revenues: [{ ...good, val: "1" }] }), /^facts\.us-gaap\.Revenues\.units\.USD\[0\]\.val: /],
      [
        bad({ Revenues: [{ ...good, accn: "14693-26-58" }] }),
        /^facts\.us-gaap\.Revenues\.units\.USD\[0\]\.accn: expected an accession number/,
      ],
      [companyFacts({ cik: 99 }), /^cik: 99 \(BROWN-FORMAN CORP\) is not the CIK of a listed Top Player/],
      [bad({ AccountsReceivable: [good] }), /^facts: Brown-Forman's file holds no revenue/],
      [companyFacts().slice(0, -5), /^The file is not EDGAR's JSON/],
      [JSON.stringify({ entityName: "X", facts: {} }), /^cik: the file names no filer/],
      [JSON.stringify({ cik: 14693, name: "X" }), /^The file holds neither facts nor filings.recent/],
      [
        JSON.stringify({
          cik: "0000014693",
          filings: {
            recent: {
              accessionNumber: [FILINGS.k2026.accn],
              filingDate: [],
              reportDate: [""],
              form: ["10-K"],
              primaryDocument: ["a.htm"],
            },
          },
        }),
        "filings.recent.filingDate: 0 values where accessionNumber has 1; nothing was imported.",
      ],
    ];
    for (const [text, message] of refusals)
      await expect(importSecFile(db(), secStream(text), "bad.json"), String(message)).rejects.toThrow(message);
    expect([await count("filed_figures"), await count("sec_filings")]).toEqual(before);
  });
});

describe("a claim's period", () => {
  it("ends on its last day", () => {
    expect(["FY to 2025-02-28", "2024", "2024-Q1", "2023-07 to 2024-02", "about 2024"].map(periodEnd)).toEqual([
      "2025-02-28",
      "2024-12-31",
      "2024-03-31",
      "2024-02-29",
      undefined,
    ]);
  });
});
