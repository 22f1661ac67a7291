import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import raw from "../../content/companies.json" with { type: "json" };
import { COMPANIES, parseCompanies } from "./companies.server.ts";
import { keyBrandProblem } from "./key-brand-rule.ts";
import { SOURCE_PUBLISHERS, sourcePublishersSchema } from "./source-publishers.ts";

type Rec = Record<string, unknown> & { sources: Array<Record<string, string>> };
const clone = () => structuredClone(raw) as unknown as { asOf: string; companies: Rec[] };
/** Where a company sits in the file (its position), by its id. */
const at = (id: number) => raw.companies.findIndex((c) => c.id === id);
/** The position of one of a company's sources in its list, by the source's id. */
const sourceAt = (file: { companies: Rec[] }, index: number, id: string) =>
  file.companies[index]!.sources.findIndex((s) => s.id === id);

describe("the Top Players dataset (content/companies.json)", () => {
  it("holds 25 manufacturers (ids 1-25) then 25 distributors (ids 26-50), in rank order", () => {
    expect(COMPANIES).toHaveLength(50);
    expect(COMPANIES.map((c) => c.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(COMPANIES.slice(0, 25).every((c) => c.id <= 25)).toBe(true);
    expect(COMPANIES.slice(0, 25).every((c) => c.type === "manufacturer")).toBe(true);
    expect(COMPANIES.slice(25).every((c) => c.type === "distributor")).toBe(true);
  });

  it("gives every company a full profile with every field filled in", () => {
    for (const company of COMPANIES) {
      expect(company.profile, company.name).toBeDefined();
      for (const [field, value] of Object.entries(company.profile!))
        expect(value.trim(), `${company.name}: ${field}`).not.toBe("");
      expect(company.name.trim()).not.toBe("");
      expect(company.location).toMatch(/^[^,]+, [A-Z]{2}$/);
      // A distributor whose brands no publisher's page names lists none (issue 37); a manufacturer always has its own.
      if (company.type === "manufacturer") expect(company.keyBrands.length, company.name).toBeGreaterThan(0);
      expect(company.sources.length, company.name).toBeGreaterThan(0);
      expect(company.ownership.trim(), company.name).not.toBe("");
      // A figure without its year cannot be checked or compared.
      for (const figure of [company.revenue, company.sales])
        if (figure) expect(figure, company.name).toMatch(/\b20\d\d\b/);
    }
  });

  it("has no duplicate names and gives every distributor revenue or coverage", () => {
    expect(new Set(COMPANIES.map((c) => c.name.toLowerCase())).size).toBe(50);
    for (const d of COMPANIES.filter((c) => c.type === "distributor"))
      expect(d.revenue || d.coverage, d.name).toBeTruthy();
  });

  it("names every company in docs/companies.md, where its facts can be checked", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/companies.md"), "utf8");
    for (const company of COMPANIES) expect(doc, company.name).toContain(company.name);
  });

  it("refuses a file with an id out of range or repeated, a misplaced type, a distributor with sales, a manufacturer with revenue, a distributor without revenue or coverage, a duplicate or an empty field", () => {
    const wrongId = clone();
    wrongId.companies[3]!.id = 40;
    expect(() => parseCompanies(wrongId)).toThrow(/id 40 is out of the manufacturers' range/);

    const sameId = clone();
    sameId.companies[4]!.id = sameId.companies[3]!.id;
    expect(() => parseCompanies(sameId)).toThrow(/duplicate id/);

    const misplaced = clone();
    misplaced.companies.reverse();
    expect(() => parseCompanies(misplaced)).toThrow(/position 1 must be a manufacturer/);

    const sales = clone();
    sales.companies[30]!.sales = { text: "$1 billion (2024)", cite: [sales.companies[30]!.sources[0]!.id] };
    expect(() => parseCompanies(sales)).toThrow(/sales is for manufacturers/);

    const revenue = clone();
    revenue.companies[0]!.revenue = { text: "$1 (2024)", cite: [revenue.companies[0]!.sources[0]!.id] };
    expect(() => parseCompanies(revenue)).toThrow(/revenue and coverage are for distributors/);

    const bare = clone();
    delete bare.companies[30]!.revenue;
    delete bare.companies[30]!.coverage;
    expect(() => parseCompanies(bare)).toThrow(/needs revenue or coverage/);

    const dup = clone();
    dup.companies[1]!.name = raw.companies[0]!.name;
    expect(() => parseCompanies(dup)).toThrow(/duplicate name/);

    const empty = clone();
    (empty.companies[2]!.strategy as Array<{ text: string }>)[0]!.text = "  ";
    expect(() => parseCompanies(empty)).toThrow(/companies\.2\.strategy\.0\.text/);

    const short = clone();
    short.companies.pop();
    expect(() => parseCompanies(short)).toThrow(/companies/);
  });
  it("refuses a claim without a source, a citation of a source the company does not list, a listed source no claim cites, and an event after the as-of date", () => {
    const unsourced = clone();
    (unsourced.companies[4]!.overview as Array<Record<string, unknown>>)[0] = { text: "An unsourced sentence." };
    expect(() => parseCompanies(unsourced)).toThrow(
      /companies\.4\.overview\.0: "An unsourced sentence\." has no source: cite one, or mark it as an estimate/,
    );

    const unknown = clone();
    (unknown.companies[0]!.ownership as { cite: string[] }).cite = ["nowhere"];
    expect(() => parseCompanies(unknown)).toThrow(/ownership cites "nowhere", which is not among its sources/);

    const unused = clone();
    unused.companies[0]!.sources.push({
      id: "spare",
      title: "T",
      publisher: "P",
      date: "2024",
      url: "https://example.com/",
    });
    expect(() => parseCompanies(unused)).toThrow(/source "spare" is listed but no claim cites it/);

    const late = clone();
    (late.companies[1]!.recentDevelopments as Array<{ date: string }>)[0]!.date = "2025-01-06";
    expect(() => parseCompanies(late)).toThrow(
      /reports an event of 2025-01-06, after the data's as-of date 2024-12-31/,
    );

    const undated = clone();
    delete (undated.companies[1]!.recentDevelopments as Array<{ date?: string }>)[0]!.date;
    expect(() => parseCompanies(undated)).toThrow(/a recent development needs the date of its event/);
  });

  it("takes an estimate only with its method, and never for an owner, a headquarters or a brand", () => {
    const estimated = clone();
    const employees = estimated.companies[0]!.employees as Record<string, unknown>;
    delete employees.undisclosed;
    employees.estimate = "Headcount scaled from the parent's annual report";
    expect(() => parseCompanies(estimated)).not.toThrow();

    const owner = clone();
    owner.companies[0]!.ownership = {
      text: "Probably its parent",
      estimate: "a guess",
      cite: [owner.companies[0]!.sources[0]!.id],
    };
    expect(() => parseCompanies(owner)).toThrow(
      /companies\.0\.ownership: an owner is a fact: cite a source, never an estimate/,
    );

    const brand = clone();
    (brand.companies[0]!.keyBrands as Array<Record<string, unknown>>)[0]!.estimate = "a guess";
    expect(() => parseCompanies(brand)).toThrow(/companies\.0\.keyBrands\.0: must cite a source/);

    const notDisclosed = clone();
    notDisclosed.companies[0]!.founded = { text: "Around 1900", undisclosed: true };
    expect(() => parseCompanies(notDisclosed)).toThrow(
      /only a "Not disclosed" or "Not published" statement needs no source/,
    );
  });

  it("cites every source on its publisher's own domains, or as a declared archive of a page there", () => {
    const diageo = at(4);
    const wiki = sourceAt(clone(), diageo, "wiki-diageo");
    expect(raw.companies[diageo]!.sources[wiki]).toMatchObject({
      publisher: "Wikipedia",
      url: "https://en.wikipedia.org/wiki/Diageo",
    });

    // The copy the data used to cite: a Wikipedia mirror on another host.
    const copied = clone();
    copied.companies[diageo]!.sources[wiki]!.url = "https://wiki.riteme.site/wiki/Diageo_PLC";
    expect(() => parseCompanies(copied)).toThrow(
      new RegExp(
        `companies\\.${diageo}\\.sources\\.${wiki}\\.url: Diageo North America: source "wiki-diageo": https://wiki\\.riteme\\.site/wiki/Diageo_PLC is on wiki\\.riteme\\.site, which is not a domain of its publisher Wikipedia`,
      ),
    );
    // A host that only looks like the publisher's is not on its domain.
    for (const lookalike of [
      "https://en.wikipedia.org.mirror.example/wiki/Diageo",
      "https://notwikipedia.org/wiki/Diageo",
    ]) {
      const file = clone();
      file.companies[diageo]!.sources[wiki]!.url = lookalike;
      expect(() => parseCompanies(file), lookalike).toThrow(/which is not a domain of its publisher Wikipedia/);
    }
    // A copy renamed after its host ("Wikipedia (mirror)") names no listed publisher.
    const renamed = clone();
    renamed.companies[diageo]!.sources[wiki]!.publisher = "Wikipedia (mirror)";
    expect(() => parseCompanies(renamed)).toThrow(
      /Diageo North America: source "wiki-diageo": its publisher "Wikipedia \(mirror\)" is not in content\/source-publishers\.json/,
    );

    // An archived copy is declared, and wraps the publisher's own address.
    const archived = "https://web.archive.org/web/20241231000000/https://en.wikipedia.org/wiki/Diageo";
    const undeclared = clone();
    undeclared.companies[diageo]!.sources[wiki]!.url = archived;
    expect(() => parseCompanies(undeclared)).toThrow(
      /is an archived copy: declare it with "archive": "Internet Archive"/,
    );
    const declared = clone();
    Object.assign(declared.companies[diageo]!.sources[wiki]!, { url: archived, archive: "Internet Archive" });
    expect(() => parseCompanies(declared)).not.toThrow();
    const archivedCopy = clone();
    Object.assign(archivedCopy.companies[diageo]!.sources[wiki]!, {
      url: "https://web.archive.org/web/2024/https://wiki.riteme.site/wiki/Diageo_PLC",
      archive: "Internet Archive",
    });
    expect(() => parseCompanies(archivedCopy)).toThrow(
      /Diageo North America: source "wiki-diageo": .* archives a page on wiki\.riteme\.site, which is not a domain of its publisher Wikipedia/,
    );
    const notAnArchive = clone();
    Object.assign(notAnArchive.companies[diageo]!.sources[wiki]!, { archive: "Internet Archive" });
    expect(() => parseCompanies(notAnArchive)).toThrow(
      /is declared as an archive of Internet Archive, but is not on its domains/,
    );
    const bare = clone();
    Object.assign(bare.companies[diageo]!.sources[wiki]!, {
      url: "https://web.archive.org/web/2024*/diageo",
      archive: "Internet Archive",
    });
    expect(() => parseCompanies(bare)).toThrow(/does not wrap an original address/);

    // The list itself names publishers, not copies or channels, and gives bare domains.
    expect(sourcePublishersSchema.safeParse(SOURCE_PUBLISHERS).success).toBe(true);
    for (const [name, domains] of [
      ["Wikipedia (mirror)", ["wiki.riteme.site"]],
      ["Reuters via Boursier", ["boursier.com"]],
      ["Wikipedia", ["https://en.wikipedia.org"]],
      ["Wikipedia", ["www.wikipedia.org"]],
    ] as const) {
      const list = { archives: SOURCE_PUBLISHERS.archives, publishers: { [name]: [...domains] } };
      expect(sourcePublishersSchema.safeParse(list).success, `${name} ${domains[0]}`).toBe(false);
    }
  });

  it("lists as key brands only brands' names, never a category, a list or a sentence", () => {
    for (const name of [
      "Grey Goose vodka",
      "W.L. Weller",
      "el Jimador",
      "Tasca d'Almerita",
      "Hap & Harry's",
      "Heineken 0.0",
      "The Finnish Long Drink",
    ])
      expect(keyBrandProblem(name), name).toBeUndefined();
    // Each of these stood in the data as a distributor's "key brand" before issue 37.
    for (const [text, problem] of [
      ["Wine", /is a category, not a brand/],
      ["Wine and spirits", /is a category, not a brand/],
      ["Craft beer", /is a category, not a brand/],
      ["Imported beer", /is a category, not a brand/],
      ["Local craft beer such as Surly", /has the word "such"/],
      ["Fine wine imports, especially Italian", /has sentence punctuation/],
      ["Anheuser-Busch beers", /has the word "beers"|is a category/],
      ["About 600 brands from 36 suppliers in total", /is longer than 40 characters/],
      ["About 600 brands", /has the word "About"/],
      ["Brands from Italy, France and Argentina", /has sentence punctuation/],
      ["Bud and Coors and Miller and Pabst", /has more than 6 words/],
      ["Sales to New Jersey retail licensees on credit terms set by state rules", /is longer than 40 characters/],
      ["Hap & Harry's lager, the sister company R.S. Lipman's own beer", /is longer than 40 characters/],
      ["Opici's own proprietary wine brands", /has the word "own"/],
    ] as const)
      expect(keyBrandProblem(text), text).toMatch(problem);

    const allied = at(34);
    const category = clone();
    const cite = [category.companies[allied]!.sources[0]!.id];
    category.companies[allied]!.keyBrands = [{ text: "Wine", cite }];
    expect(() => parseCompanies(category)).toThrow(
      new RegExp(
        `companies\\.${allied}\\.keyBrands\\.0: Allied Beverage Group: key brand "Wine" is a category, not a brand`,
      ),
    );
    const sentence = clone();
    sentence.companies[allied]!.keyBrands = [
      { text: "Sales to New Jersey retail licensees on credit terms set by state rules", cite },
    ];
    expect(() => parseCompanies(sentence)).toThrow(
      /keyBrands\.0: Allied Beverage Group: key brand "Sales to New Jersey retail licensees on credit terms set by state rules" is longer than 40 characters/,
    );
    const none = clone();
    none.companies[0]!.keyBrands = [];
    expect(() => parseCompanies(none)).toThrow(
      /companies\.0\.keyBrands: Anheuser-Busch: a manufacturer lists at least one key brand/,
    );
  });

  it("is checked before every build: npm run check:companies fails on an unsourced claim and passes the real file", () => {
    const cli = path.resolve(import.meta.dirname, "../cli/check-companies.ts");
    expect(execFileSync(process.execPath, [cli], { encoding: "utf8" })).toMatch(/50 companies, \d+ claims/);
    const bad = clone();
    (bad.companies[7]!.keyBrands as Array<Record<string, unknown>>)[0] = { text: "A brand" };
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "companies-")), "companies.json");
    writeFileSync(file, JSON.stringify(bad));
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [cli, file], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(/companies\.7\.keyBrands\.0: must cite a source/);
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.build).toMatch(/^node server\/cli\/check-companies\.ts && /);
  }, 30_000); // runs npm: seconds on a busy machine

  it("makes npm run check:companies refuse a copied source and a key brand that is not a brand, naming the company and the field", () => {
    const cli = path.resolve(import.meta.dirname, "../cli/check-companies.ts");
    const check = (file: unknown) => {
      const at = path.join(mkdtempSync(path.join(os.tmpdir(), "companies-")), "companies.json");
      writeFileSync(at, JSON.stringify(file));
      try {
        return {
          status: 0,
          stdout: execFileSync(process.execPath, [cli, at], { encoding: "utf8", stdio: "pipe" }),
          stderr: "",
        };
      } catch (error) {
        return error as { status: number; stdout: string; stderr: string };
      }
    };
    const real = check(raw);
    expect(real.status).toBe(0);
    expect(real.stdout).toMatch(/\d+ sources from \d+ publishers \(0 of them archived copies\)/);

    const heineken = at(6);
    const copied = clone();
    const wiki = sourceAt(copied, heineken, "wiki-heineken");
    copied.companies[heineken]!.sources[wiki]!.url = "https://hessslslslsls.azureedge.net/wiki/Heineken_International";
    const refusedCopy = check(copied);
    expect(refusedCopy.status).toBe(1);
    expect(refusedCopy.stderr).toContain(
      `companies.${heineken}.sources.${wiki}.url: Heineken USA: source "wiki-heineken": https://hessslslslsls.azureedge.net/wiki/Heineken_International is on hessslslslsls.azureedge.net, which is not a domain of its publisher Wikipedia (wikipedia.org)`,
    );

    const winebow = at(36);
    const notABrand = clone();
    (notABrand.companies[winebow]!.keyBrands as Array<{ text: string }>)[0]!.text =
      "Fine wine imports, especially Italian";
    const refusedBrand = check(notABrand);
    expect(refusedBrand.status).toBe(1);
    expect(refusedBrand.stderr).toContain(
      `companies.${winebow}.keyBrands.0: The Winebow Group: key brand "Fine wine imports, especially Italian" has sentence punctuation`,
    );
  }, 30_000); // runs npm: seconds on a busy machine
});
