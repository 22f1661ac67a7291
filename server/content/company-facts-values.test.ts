import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import raw from "../../content/companies.json" with { type: "json" };
import { COMPANIES, COMPANIES_AS_OF, parseCompanies, withoutCitations } from "./companies.server.ts";

// The typed values of content/companies.json (issue 40; docs/companies.md, "Typed values").

interface ClaimFile {
  text: string;
  cite?: string[];
  date?: string;
  undisclosed?: true;
  value?: Record<string, unknown>;
}
type CompanyFile = Record<string, unknown> & {
  id: number;
  name: string;
  sources: Array<{ id: string; date: string }>;
} & Record<"location" | "founded" | "ownership" | "employees", ClaimFile> &
  Partial<Record<"sales" | "revenue" | "coverage" | "secFiler", ClaimFile>>;
const clone = () => structuredClone(raw) as unknown as { asOf: string; companies: CompanyFile[] };
const file = clone();
/** Where a company sits in the file (its position), by its id. */
const at = (id: number) => file.companies.findIndex((c) => c.id === id);
const company = (id: number) => COMPANIES.find((c) => c.id === id)!;

/** The file with one change made, parsed: the readable lines it is refused with, or "" when it is not. */
function refusal(change: (companies: CompanyFile[]) => void): string {
  const changed = clone();
  change(changed.companies);
  try {
    parseCompanies(changed);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the typed values of the Top Players' claims", () => {
  it("gives every company the typed headquarters and owner, and a founding year wherever its text has one", () => {
    for (const record of file.companies) {
      const facts = company(record.id).facts!;
      expect(`${facts.headquarters.city}, ${facts.headquarters.state}`, record.name).toBe(record.location.text);
      expect(facts.ownership.kind, record.name).toBeDefined();
      const year = /\b(?:1[6-9]|20)\d\d\b/.exec(record.founded.text);
      if (year) {
        expect(facts.founded, `${record.name}: "${record.founded.text}"`).toBeDefined();
        expect(record.founded.text, record.name).toContain(String(facts.founded!.year));
      } else expect(facts.founded, record.name).toBeUndefined();
    }
    // The founding of the company, with what it grew from as its roots.
    expect(company(3).facts!.founded).toMatchObject({ year: 2005, roots: 1786 });
    expect(company(26).facts!.founded).toEqual(expect.objectContaining({ year: 1968 }));
    expect(company(26).facts!.founded!.roots).toBeUndefined();
    expect(company(25).facts!.founded).toMatchObject({ year: 2008, approximate: true });
  });

  it("types every headcount, figure and coverage whose text gives one, and none that is not disclosed", () => {
    for (const record of file.companies) {
      const facts = company(record.id).facts!;
      expect(facts.employees !== undefined, `${record.name}: "${record.employees.text}"`).toBe(
        !record.employees.undisclosed,
      );
      const money = record.sales ?? record.revenue;
      // Empire Merchants's "~$1.8 billion in New York" is left untyped: the text does not say whether
      // New York is all of its business or a part (docs/companies.md).
      const figure =
        money && /[$€£]\s?\d|\d(?: million)?(?: 9-liter)? cases/.test(money.text) && record.name !== "Empire Merchants";
      expect(facts.money !== undefined, `${record.name}: "${money?.text}"`).toBe(Boolean(figure));
      // Silver Eagle's "The Houston market" names no state.
      if (record.coverage)
        expect(facts.coverage !== undefined, record.name).toBe(record.name !== "Silver Eagle Distributors");
    }
    expect(company(1).facts!.employees).toMatchObject({
      count: 19000,
      qualifier: "more-than",
      scope: "us",
      year: 2021,
    });
    expect(company(2).facts!.money).toMatchObject({
      amount: 10_210_000_000,
      currency: "USD",
      period: "FY to 2025-02-28",
      scope: "worldwide",
    });
    expect(company(14).facts!.money).toMatchObject({ cases: 12_200_000, period: "2024", scope: "us", estimate: true });
    expect(company(2).facts!.ownership).toMatchObject({
      kind: "public",
      listings: [{ exchange: "NYSE", ticker: "STZ" }],
    });
    expect(company(1).facts!.ownership).toMatchObject({ kind: "subsidiary", parent: "Anheuser-Busch InBev SA/NV" });
    expect(company(26).facts!.coverage).toEqual(expect.objectContaining({ states: ["DC"], count: 44 }));
  });

  it("carries each value's as-of date and the sources it rests on, by number", () => {
    const constellation = company(2);
    const tenK = file.companies[at(2)]!.sources.findIndex((s) => s.id === "stz-10k-fy25");
    expect(constellation.facts!.money).toMatchObject({ asOf: "2025-04", cite: [tenK + 1] });
    expect(constellation.facts!.money!.cite).toEqual(constellation.claims!.sales!.cite);
    // The newest of the sources a claim cites: 2013-07 and 2021-02.
    expect(company(1).facts!.headquarters).toEqual({
      city: "St. Louis",
      state: "MO",
      asOf: "2021-02",
      cite: company(1).claims!.location.cite,
    });
    // An owner not disclosed cites nothing and stands as of the data's date.
    expect(company(27).facts!.ownership).toEqual({ kind: "undisclosed", asOf: COMPANIES_AS_OF, cite: [] });
    for (const c of COMPANIES)
      for (const [field, fact] of Object.entries(c.facts!)) {
        expect(fact.asOf, `${c.name}: ${field}`).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
        for (const n of fact.cite) expect(c.sources[n - 1], `${c.name}: ${field} cites ${n}`).toBeDefined();
      }
    // A claim's own date comes first.
    const dated = clone();
    dated.companies[at(1)]!.founded.date = "2024-03";
    expect(parseCompanies(dated).find((c) => c.id === 1)!.facts!.founded!.asOf).toBe("2024-03");
    // A list row carries no facts: they cite sources it does not carry.
    expect(withoutCitations(company(1)).facts).toBeUndefined();
  });

  it("refuses a value its claim's text does not state, naming the company and the field", () => {
    const ab = at(1);
    expect(refusal((c) => (c[ab]!.founded.value!.year = 1853))).toContain(
      `companies.${ab}.founded.value: Anheuser-Busch: founded year 1853 is not in its text "1852"`,
    );
    expect(refusal((c) => (c[at(3)]!.founded.value!.roots = 2005))).toContain(
      `Molson Coors Beverage Company: founded roots 2005 is not before its year 2005`,
    );
    expect(refusal((c) => delete c[at(25)]!.founded.value!.approximate)).toContain(
      `Proximo Spirits: founded text "About 2008 (five years in business by March 2013)" gives an approximate year`,
    );
    expect(refusal((c) => (c[ab]!.location.value!.state = "IL"))).toContain(
      `companies.${ab}.location.value: Anheuser-Busch: location value "St. Louis, IL" does not equal its text "St. Louis, MO"`,
    );
    expect(refusal((c) => (c[ab]!.location.value!.state = "XX"))).toContain(
      `Anheuser-Busch: location state "XX" is not a U.S. state code`,
    );
    expect(refusal((c) => delete c[ab]!.location.value)).toContain(
      `Anheuser-Busch: location needs its value, { "city", "state" }`,
    );
    expect(refusal((c) => (c[ab]!.employees.value!.count = 19500))).toContain(
      `companies.${ab}.employees.value: Anheuser-Busch: employees count 19500 is not in its text "More than 19,000 in the U.S. (2021)"`,
    );
    expect(refusal((c) => (c[ab]!.employees.value!.qualifier = "about"))).toContain(
      `Anheuser-Busch: employees qualifier "about" does not match its text "More than 19,000 in the U.S. (2021)", which states "more-than"`,
    );
    expect(refusal((c) => (c[at(3)]!.employees.value!.scope = "us"))).toContain(
      `Molson Coors Beverage Company: employees scope "us" needs its text to say U.S.`,
    );
    const stz = at(2);
    expect(refusal((c) => (c[stz]!.sales!.value!.amount = 10_200_000_000))).toContain(
      `companies.${stz}.sales.value: Constellation Brands: sales amount 10,200,000,000 USD does not match the figure its text leads with, $10.21 billion (10,210,000,000 USD)`,
    );
    expect(refusal((c) => (c[at(23)]!.sales!.value!.currency = "USD"))).toContain(
      `Moët Hennessy USA: sales amount 5,862,000,000 USD does not match the figure its text leads with, €5.862 billion (5,862,000,000 EUR)`,
    );
    expect(refusal((c) => (c[at(18)]!.sales!.value!.amount = 291_000_000))).toContain(
      `Treasury Americas: sales amount 291,000,000 AUD does not match the figure its text leads with, A$448 million (448,000,000 AUD)`,
    );
    expect(refusal((c) => (c[at(26)]!.revenue!.value!.amount = 25_000_000_000))).toContain(
      `Southern Glazer's Wine & Spirits: revenue amount 25,000,000,000 USD does not match the figure its text leads with, $26 billion (26,000,000,000 USD)`,
    );
    expect(refusal((c) => (c[at(22)]!.sales!.value!.amount = 703_000_000))).toContain(
      `MGP Ingredients: sales amount 703,000,000 USD does not match the figure its text leads with, $703.6 million (703,600,000 USD)`,
    );
    expect(refusal((c) => (c[stz]!.sales!.value!.period = "FY to 2024-02-29"))).toContain(
      `Constellation Brands: sales period "FY to 2024-02-29" is not the period its text gives the figure: "$10.21 billion net sales, fiscal year to February 28, 2025 (beer $8.54 billion"`,
    );
    expect(refusal((c) => delete c[at(26)]!.revenue!.value!.estimate)).toContain(
      `Southern Glazer's Wine & Spirits: revenue text "~$26 billion (2024, projected by Shanken's Impact, April 2024)" calls the figure an estimate or projection`,
    );
    // Where a listed company files (issue 41): the CIK and the form are its text's.
    expect(refusal((c) => (c[stz]!.secFiler!.value!.cik = 16919))).toContain(
      `companies.${stz}.secFiler.value: Constellation Brands: secFiler cik 16919 is not in its text "Files its reports with the SEC as CIK 16918 (Form 10-K)"`,
    );
    expect(refusal((c) => (c[at(4)]!.secFiler!.value!.annualForm = "10-K"))).toContain(
      `Diageo North America: secFiler annualForm 10-K is not in its text "Its parent, Diageo plc, files with the SEC as CIK 835403 (Form 20-F)"`,
    );
    expect(refusal((c) => delete c[stz]!.secFiler!.value)).toContain("secFiler needs its value, { cik, annualForm }");
    const martignetti = at(35);
    expect(refusal((c) => (c[martignetti]!.coverage!.value!.states as string[]).push("ZZ"))).toContain(
      `companies.${martignetti}.coverage.value: Martignetti Companies: coverage state "ZZ" is not a U.S. state code`,
    );
    expect(refusal((c) => (c[martignetti]!.coverage!.value!.states as string[]).push("CT"))).toContain(
      `Martignetti Companies: coverage state CT (Connecticut) is not named in its text`,
    );
    // "Washington, D.C." names the District, not the state.
    expect(refusal((c) => (c[at(26)]!.coverage!.value!.states as string[]).push("WA"))).toContain(
      `Southern Glazer's Wine & Spirits: coverage state WA (Washington) is not named in its text`,
    );
    expect(refusal((c) => (c[at(26)]!.coverage!.value!.count = 46))).toContain(
      `Southern Glazer's Wine & Spirits: coverage count 46 is not in its text`,
    );
    expect(
      refusal((c) => ((c[stz]!.ownership.value!.listings as Array<{ ticker: string }>)[0]!.ticker = "STX")),
    ).toContain(`Constellation Brands: ownership listing "NYSE: STX" is not in its text "Public company (NYSE: STZ)"`);
    expect(refusal((c) => (c[stz]!.ownership.value = { kind: "family" }))).toContain(
      `Constellation Brands: ownership kind "family" does not match its text "Public company (NYSE: STZ)"`,
    );
    expect(refusal((c) => (c[at(27)]!.ownership.value = { kind: "private" }))).toContain(
      `Republic National Distributing Company: ownership text "Not disclosed (privately held; owners not published)" says the owner is not disclosed: its kind is "undisclosed"`,
    );
    expect(refusal((c) => (c[ab]!.ownership.value!.parent = "Diageo plc"))).toContain(
      `Anheuser-Busch: ownership parent "Diageo plc" is not in its text`,
    );
    expect(refusal((c) => (c[at(4)]!.employees.value!.of = "Guinness"))).toContain(
      `Diageo North America: employees "of" "Guinness" is named neither in its text nor in the ownership text`,
    );
    expect(
      refusal((c) => (c[at(11)]!.employees.value = { count: 100, qualifier: "exact", scope: "worldwide" })),
    ).toContain(`Sazerac Company: employees is not disclosed: a claim marked "undisclosed" has no value`);
    expect(refusal((c) => (c[ab]!.founded.value!.month = 3))).toMatch(/founded\.value: Unrecognized key: "month"/);
  });

  it("makes npm run check:companies count the typed values and refuse a mismatched one", () => {
    const cli = path.resolve(import.meta.dirname, "../cli/check-companies.ts");
    const check = (data: unknown) => {
      const at = path.join(mkdtempSync(path.join(os.tmpdir(), "companies-")), "companies.json");
      writeFileSync(at, JSON.stringify(data));
      try {
        return { status: 0, stdout: execFileSync(process.execPath, [cli, at], { encoding: "utf8", stdio: "pipe" }) };
      } catch (error) {
        return error as { status: number; stderr: string };
      }
    };
    const facts = COMPANIES.map((c) => c.facts!);
    const counts = [
      facts.length,
      facts.filter((f) => f.founded).length,
      facts.length,
      facts.filter((f) => f.employees).length,
      facts.filter((f) => f.money).length,
      facts.filter((f) => f.coverage).length,
    ];
    const real = check(raw);
    expect(real.status).toBe(0);
    expect((real as { stdout: string }).stdout).toContain(
      `, ${counts.reduce((a, b) => a + b)} typed values (${counts[0]} location, ${counts[1]} founded, ${counts[2]} ownership, ${counts[3]} employees, ${counts[4]} sales/revenue, ${counts[5]} coverage)`,
    );
    const wrong = clone();
    wrong.companies[at(30)]!.employees.value!.count = 2100;
    const refused = check(wrong);
    expect(refused.status).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain(
      `companies.${at(30)}.employees.value: Johnson Brothers Liquor Company: employees count 2100 is not in its text "~2,200 (2014)"`,
    );
  }, 30_000); // runs node: seconds on a busy machine
});
