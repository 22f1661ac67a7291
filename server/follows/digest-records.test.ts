import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { colaCsv, colaStream, sampleApproval } from "../../tests/support/cola-files.ts";
import { importColaFile } from "../records/ttb-cola-import.ts";
import { composeDigest, QUOTES_PER_ITEM, readDigestWindow, readRecapWindow } from "./digest-compose.ts";
import { digestEmail } from "./digest-email.ts";
import { findFollowItem, followableBrands } from "./follow-items.server.ts";
import { followFeedXml } from "../feeds/follow-feed.ts";
import { importSecFile } from "../records/sec-companyfacts-import.ts";
import { BF_ID, companyFacts, FILINGS, secStream, submissions } from "../../tests/support/sec-files.ts";

// Issue 42: a followed company's new label approvals in the digest, from the registry's import
// (recorded samples written from the export's documented format, as in ttb-cola-import.test.ts).

const SITE = { brand: "Proofline", siteUrl: "https://hub.example" };
const LINKS = {
  manageUrl: "https://hub.example/follows/m",
  unsubscribeUrl: "https://hub.example/follows/unsubscribe/s",
};
const sazerac = COMPANIES.find((c) => c.name === "Sazerac Company")!;
const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;
const approval = sampleApproval;
const buffaloTrace = [...followableBrands(COMPANIES)].find(([, b]) => b.name === "Buffalo Trace")![0];

describe.each(ENGINES)("public records in the digest on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);
  const db = () => handle.database.db;
  const later = () => new Date(Date.now() + 60_000).toISOString();

  it("gives a followed company the label approvals imported in the window, linked to its approvals, capped", async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await importColaFile(
      db(),
      colaStream(
        colaCsv([
          approval("24100001000001", "2024-01-10", "BUFFALO TRACE"),
          approval("24100001000002", "2024-02-10", "BUFFALO TRACE", "KOSHER WHEAT RECIPE"),
          approval("24100001000003", "2024-03-10", "SAMPLE CRAFT", "", "DSP-OR-77"),
          ...Array.from({ length: 4 }, (_, i) =>
            approval(`2410000100001${i}`, `2024-01-0${i + 1}`, "BUFFALO TRACE", `BATCH ${i}`),
          ),
        ]),
      ),
      "cola-week.csv",
    );
    const window = await readDigestWindow(db(), before, later());
    const company = (await findFollowItem(db(), COMPANIES, "company", String(sazerac.id)))!;
    const [section] = composeDigest(window, COMPANIES, [company]);
    expect(section!.item.name).toBe(sazerac.name);
    // Newest first, QUOTES_PER_ITEM of them; the rest counted and linked to the company's page.
    expect(section!.labels.map((l) => l.ref)).toEqual([
      "24100001000002",
      "24100001000001",
      "24100001000013",
      "24100001000012",
      "24100001000011",
    ]);
    expect(section!.labels).toHaveLength(QUOTES_PER_ITEM);
    expect(section!.more).toBe(1);
    expect(section!.labels[0]).toMatchObject({
      date: "2024-02-10",
      name: "BUFFALO TRACE: KOSHER WHEAT RECIPE",
      url: `/data/labels?company=${sazerac.id}`,
    });
    // Only a section with something in it is a digest: a company with no new approval (and no news) gets none,
    // nor does an approval the registry's import could not join to a Top Player.
    const other = (await findFollowItem(db(), COMPANIES, "company", String(diageo.id)))!;
    expect(composeDigest(window, COMPANIES, [other])).toEqual([]);
    expect(window.labels.map((l) => l.ttbId)).not.toContain("24100001000003");

    const mail = digestEmail([section!], SITE, LINKS, "Your weekly digest");
    expect(mail.text).toContain("New label approvals:");
    expect(mail.text).toContain(
      `2024-02-10 · BUFFALO TRACE: KOSHER WHEAT RECIPE (STRAIGHT BOURBON WHISKY): https://hub.example/data/labels?company=${sazerac.id}`,
    );
    expect(mail.html).toContain("New label approvals");
    const feed = followFeedXml(company, section, SITE);
    expect(feed).toContain("Label approved: BUFFALO TRACE: KOSHER WHEAT RECIPE");
  });

  it("gives a followed brand its own approvals among its owner's, and nothing outside the window or in an alert", async () => {
    const window = await readDigestWindow(db(), new Date(Date.now() - 60_000).toISOString(), later());
    const brand = (await findFollowItem(db(), COMPANIES, "brand", buffaloTrace))!;
    const [section] = composeDigest(window, COMPANIES, [brand]);
    expect(section!.labels.map((l) => l.name)).toEqual([
      "BUFFALO TRACE: KOSHER WHEAT RECIPE",
      "BUFFALO TRACE",
      "BUFFALO TRACE: BATCH 3",
      "BUFFALO TRACE: BATCH 2",
      "BUFFALO TRACE: BATCH 1",
    ]);
    expect(section!.more).toBe(1);

    // Imported before the window began: not new.
    const next = await readDigestWindow(db(), later(), new Date(Date.now() + 120_000).toISOString());
    expect(next.labels).toEqual([]);
    // An alert is about its recap alone.
    expect((await readRecapWindow(db(), 1, later())).labels).toEqual([]);
  });

  it("gives a followed listed company its filings imported in the window, with the figures of their own period", async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await importSecFile(db(), secStream(companyFacts()), "CIK0000014693.json");
    await importSecFile(db(), secStream(submissions()), "submissions-CIK0000014693.json");
    const window = await readDigestWindow(db(), before, later());
    const brownForman = (await findFollowItem(db(), COMPANIES, "company", String(BF_ID)))!;
    const [section] = composeDigest(window, COMPANIES, [brownForman]);
    // Newest first; each with the figures it reports for its own period, the amendment with its restated one.
    expect(section!.filings.map((f) => [f.ref, f.form, f.period, f.figures])).toEqual([
      [FILINGS.q2027.accn, "10-Q", "Quarter to Jul 31, 2026", ["Revenue $1,250 million", "Net sales $950 million"]],
      [FILINGS.k2026a.accn, "10-K/A", "Year to Apr 30, 2026", ["Net sales $3,975 million"]],
      [
        FILINGS.k2026.accn,
        "10-K",
        "Year to Apr 30, 2026",
        ["Revenue $5,000 million", "Excise taxes $1,030 million", "Net sales $3,970 million"],
      ],
      [
        FILINGS.k2025.accn,
        "10-K",
        "Year to Apr 30, 2025",
        ["Revenue $5,100 million", "Excise taxes $1,120 million", "Net sales $3,980 million"],
      ],
    ]);
    expect(section!.filings[0]!.url).toBe("https://www.sec.gov/Archives/edgar/data/14693/000001469326000090/");
    const mail = digestEmail([section!], SITE, LINKS, "Your weekly digest");
    expect(mail.text).toContain(
      "2026-09-03 · 10-Q for the quarter to Jul 31, 2026 (Revenue $1,250 million; Net sales $950 million): https://www.sec.gov/Archives/edgar/data/14693/000001469326000090/",
    );
    expect(mail.html).toContain("New filings with the SEC");
    expect(followFeedXml(brownForman, section, SITE)).toContain(
      "Filed with the SEC: 10-Q for the quarter to Jul 31, 2026",
    );
    // A company that files nothing gets no filings; the same records a week later are not new.
    const sazerac = (await findFollowItem(
      db(),
      COMPANIES,
      "company",
      String(COMPANIES.find((c) => c.name === "Sazerac Company")!.id),
    ))!;
    expect(composeDigest(window, COMPANIES, [sazerac])[0]?.filings ?? []).toEqual([]);
    expect((await readDigestWindow(db(), later(), new Date(Date.now() + 120_000).toISOString())).filings).toEqual([]);
  });
});
