import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { expectNoAxeViolations, hydrated, launchBrowser, openPage, PHONE_390 } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { setUpDeskOwner } from "../support/desk-client.ts";
import { sharedFile, sharedRow, smallSharedFile } from "../support/iowa-files.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { colaCsv } from "../support/cola-files.ts";
import { daysFromToday } from "../support/clock.ts";
import { BF_ID, companyFacts, submissions } from "../support/sec-files.ts";
import { censusJson, censusRow, MEXICO } from "../support/census-files.ts";

// Issue 39: the desk's Data page. Staff upload an Iowa file with the form's own button, on a
// phone, with and without JavaScript; a refused file says the line and column and adds nothing.

const TOKEN = "desk-data-e2e-admin-token-0123456789";
const OWNER = { name: "Olivia Owner", email: "owner@proofline.test", password: "owner-password-123" };
const ADDRESS = "/api/desk/data/import/iowa-liquor-sales";

let browser: Browser;
let server: RunningServer;
let testDb: TestDatabase;
let files: string;

beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  // The demo content: the site starts with the demo's own import of Iowa's statewide figures.
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN })]);
  await setUpDeskOwner(server.url, TOKEN, OWNER);
  files = fs.mkdtempSync(path.join(os.tmpdir(), "desk-data-"));
  // Months after the demo's (2015-01 to 2020-10): added, not replacing.
  fs.writeFileSync(path.join(files, "iowa-2021.csv.gz"), gzipSync(smallSharedFile("2021-01", "2021-02", "2021-03")));
  fs.writeFileSync(path.join(files, "iowa-2022.csv"), smallSharedFile("2022-01"));
  // A number written with a thousands separator on line 3 (the header is line 1).
  const bad = sharedFile(
    sharedRow("2021-04", "polk", "tequila", "100% agave tequila", 1500),
    sharedRow("2021-04", "linn", "vodka", "american vodkas", "1,234"),
  );
  fs.writeFileSync(path.join(files, "bad-2021.csv"), bad);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await testDb?.drop();
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

const REFUSAL = 'Line 3, column state_revenue: "1,234" is not a number.';

/** The imports stored, newest first: what the page must list. */
async function storedImports(): Promise<string[]> {
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    const rows = await database.db.selectFrom("data_imports").select("file_name").orderBy("id", "desc").execute();
    return rows.map((r) => r.file_name);
  } finally {
    await database.close();
  }
}

/** A phone as a thumb holds it (390 × 844, touch), with or without JavaScript; console errors recorded. */
async function phone(javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  return openPage(browser, server.url, PHONE_390, { javaScriptEnabled, touch: true });
}

/** The owner signed in on a phone (tapping the sign-in form's own button), on a fresh load of the Data page. */
async function signedInOnPhone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await phone();
  const { page } = opened;
  await page.goto("/admin/sign-in?next=/admin/data");
  await hydrated(page);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await Promise.all([page.waitForURL(onDataPage), page.getByRole("button", { name: "Sign in" }).tap()]);
  expect((await page.reload())?.status()).toBe(200);
  await hydrated(page);
  return opened;
}

/** The file names the page lists, newest first. */
const listed = (page: Page) => page.locator("[data-import-id] [data-file-name]").allInnerTexts();

/** The Data page itself (a sign-in page's address ends with `?next=/admin/data`). */
const onDataPage = (url: URL) => url.pathname === "/admin/data";

/** Presses the form's own button and waits for the upload's answer; resolves to its status. */
async function pressImport(page: Page): Promise<number> {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === ADDRESS && r.request().method() === "POST"),
    page.getByRole("button", { name: "Import file", exact: true }).tap(),
  ]);
  return answer.status();
}

/**
 * Presses the button of a page without JavaScript: the browser posts the form and follows the
 * redirect back to the page. Resolves to the post's status and the page's.
 */
async function pressImportWithoutJs(page: Page): Promise<{ posted?: number; landed: number }> {
  const [landed] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/data" && r.request().method() === "GET"),
    page.getByRole("button", { name: "Import file", exact: true }).tap(),
  ]);
  await page.waitForLoadState();
  return { posted: (await landed.request().redirectedFrom()?.response())?.status(), landed: landed.status() };
}

describe("the desk's Data page", () => {
  it("sends a signed-out visitor to sign in, and back to the Data page after", async () => {
    const { context, page, errors } = await phone();
    const res = await page.goto("/admin/data");
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/data");
    await hydrated(page);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await Promise.all([page.waitForURL(onDataPage), page.getByRole("button", { name: "Sign in" }).tap()]);
    await page.getByRole("heading", { level: 1, name: "Data" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("imports a small file pressed with the form's own button, lists it, and refuses a malformed one naming its line and column", async () => {
    const { context, page, errors } = await phone();
    await page.goto("/admin/sign-in?next=/admin/data");
    await hydrated(page);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await Promise.all([page.waitForURL(onDataPage), page.getByRole("button", { name: "Sign in" }).tap()]);
    // A fresh load, answered by the server.
    const res = await page.reload();
    expect(res?.status()).toBe(200);
    await hydrated(page);
    // The source, with its publisher's link and what its figures mean and do not.
    await page.getByRole("heading", { level: 2, name: "Iowa Liquor Sales" }).waitFor();
    expect(await page.getByRole("link", { name: /Alcoholic Beverages Division/ }).getAttribute("href")).toBe(
      "https://data.iowa.gov/Sales-Distribution/Iowa-Liquor-Sales/m3tr-qhgy",
    );
    await page.getByText("not national depletions", { exact: false }).waitFor();
    expect(await listed(page)).toEqual(await storedImports());
    const before = await storedImports();
    expect(before).toEqual(["iowa-statewide.csv.gz"]);

    await page.getByLabel("Iowa liquor sales file").setInputFiles(path.join(files, "iowa-2021.csv.gz"));
    expect(await pressImport(page)).toBe(200);
    await page
      .getByRole("status")
      .getByText("Imported iowa-2021.csv.gz: 6 rows kept, 0 refused, 3 months added.", { exact: true })
      .waitFor();
    await page.locator("[data-import-id]").nth(1).waitFor();
    expect(await storedImports()).toEqual(["iowa-2021.csv.gz", ...before]);
    expect(await listed(page)).toEqual(["iowa-2021.csv.gz", ...before]);
    const item = page.locator("[data-import-id]").first();
    expect(await item.innerText()).toMatch(
      /6 read, 6 kept, 0 refused\s+Months\s+2021-01 to 2021-03: 3 added, 0 replaced/,
    );
    await expectNoAxeViolations(page);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The same bytes again: nothing changes, and the page says when they came first.
    await page.getByLabel("Iowa liquor sales file").setInputFiles(path.join(files, "iowa-2021.csv.gz"));
    expect(await pressImport(page)).toBe(200);
    await page
      .getByRole("status")
      .getByText(/^This file was imported before, on .+ E[SD]T: nothing changed\.$/)
      .waitFor();
    expect(await storedImports()).toEqual(["iowa-2021.csv.gz", ...before]);

    // A malformed file: the importer's sentence as the form's error, and nothing kept.
    await page.getByLabel("Iowa liquor sales file").setInputFiles(path.join(files, "bad-2021.csv"));
    expect(await pressImport(page)).toBe(422);
    await page.getByRole("alert").getByText(`bad-2021.csv was not imported. ${REFUSAL}`, { exact: true }).waitFor();
    expect(await storedImports()).toEqual(["iowa-2021.csv.gz", ...before]);
    expect(await listed(page)).toEqual(["iowa-2021.csv.gz", ...before]);
    await expectNoAxeViolations(page);

    // Loaded afresh, the page lists what is stored, newest first.
    const again = await page.reload();
    expect(again?.status()).toBe(200);
    await hydrated(page);
    expect(await listed(page)).toEqual(await storedImports());
    // The browser reports the refused upload's status on its console: that one is expected.
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await context.close();
  });

  it("works without JavaScript: the form posts the file, and the page shows the outcome once", async () => {
    const signedIn = await phone();
    await signedIn.page.goto("/admin/sign-in?next=/admin/data");
    await hydrated(signedIn.page);
    await signedIn.page.getByLabel("Email").fill(OWNER.email);
    await signedIn.page.getByLabel("Password").fill(OWNER.password);
    await Promise.all([
      signedIn.page.waitForURL(onDataPage),
      signedIn.page.getByRole("button", { name: "Sign in" }).tap(),
    ]);
    const cookies = await signedIn.context.cookies();
    await signedIn.context.close();

    const { context, page, errors } = await phone(false);
    await context.addCookies(cookies);
    const res = await page.goto("/admin/data");
    expect(res?.status()).toBe(200);
    const before = await storedImports();

    await page.getByLabel("Iowa liquor sales file").setInputFiles(path.join(files, "iowa-2022.csv"));
    expect(await pressImportWithoutJs(page)).toEqual({ posted: 303, landed: 200 });
    await page.getByText("Imported iowa-2022.csv: 2 rows kept, 0 refused, 1 month added.", { exact: true }).waitFor();
    expect(await storedImports()).toEqual(["iowa-2022.csv", ...before]);
    expect(await listed(page)).toEqual(["iowa-2022.csv", ...before]);

    await page.getByLabel("Iowa liquor sales file").setInputFiles(path.join(files, "bad-2021.csv"));
    expect(await pressImportWithoutJs(page)).toEqual({ posted: 303, landed: 200 });
    await page.getByRole("alert").getByText(`bad-2021.csv was not imported. ${REFUSAL}`, { exact: true }).waitFor();
    expect(await storedImports()).toEqual(["iowa-2022.csv", ...before]);
    expect(await listed(page)).toEqual(["iowa-2022.csv", ...before]);

    // Shown once: a fresh load has the list, not the note.
    expect((await page.reload())?.status()).toBe(200);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await listed(page)).toEqual(["iowa-2022.csv", ...before]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("imports the label registry's export with its own form and button, with and without JavaScript, and lists it under its source", async () => {
    const day = (n: number) => daysFromToday(-n);
    fs.writeFileSync(
      path.join(files, "cola-export.csv"),
      colaCsv([
        { ttbId: "26100001000201", permit: "DSP-KY-9", day: day(30), fanciful: "", brand: "BUFFALO TRACE" },
        { ttbId: "26100001000202", permit: "DSP-KY-9", day: day(20), fanciful: "KOSHER", brand: "BUFFALO TRACE" },
      ]),
    );
    fs.writeFileSync(
      path.join(files, "cola-later.csv"),
      colaCsv([{ ttbId: "26100001000203", permit: "DSP-KY-9", day: day(5), fanciful: "", brand: "FIREBALL" }]),
    );
    const { context, page, errors } = await signedInOnPhone();
    const labels = page.getByRole("region", { name: "Label approvals (TTB Public COLA Registry)" });
    await labels.getByText("No file has been imported yet.").waitFor();
    expect(
      await labels.getByRole("link", { name: /Alcohol and Tobacco Tax and Trade Bureau/ }).getAttribute("href"),
    ).toBe("https://ttbonline.gov/colasonline/publicSearchColasBasic.do");

    await page.getByLabel("TTB label approvals export").setInputFiles(path.join(files, "cola-export.csv"));
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/desk/data/import/ttb-cola"),
      labels.getByRole("button", { name: "Import approvals", exact: true }).tap(),
    ]);
    expect(answer.status()).toBe(200);
    await labels
      .getByRole("status")
      .getByText("Imported cola-export.csv: 2 rows kept, 0 refused, 2 new approvals added.", { exact: true })
      .waitFor();
    const item = labels.locator("[data-import-id]").first();
    await item.getByText(`${day(30)} to ${day(20)}: 2 new, 0 held already`).waitFor();
    expect(await item.locator("[data-file-name]").innerText()).toBe("cola-export.csv");
    expect(errors).toEqual([]);
    const cookies = await context.cookies();
    await context.close();

    // Without JavaScript: the form posts, and the outcome shows once, under the registry's form.
    const plain = await phone(false);
    await plain.context.addCookies(cookies);
    await plain.page.goto("/admin/data");
    await plain.page.getByLabel("TTB label approvals export").setInputFiles(path.join(files, "cola-later.csv"));
    await Promise.all([
      plain.page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/data" && r.request().method() === "GET"),
      plain.page.getByRole("button", { name: "Import approvals", exact: true }).tap(),
    ]);
    const region = plain.page.getByRole("region", { name: "Label approvals (TTB Public COLA Registry)" });
    await region
      .getByText("Imported cola-later.csv: 1 row kept, 0 refused, 1 new approval added.", { exact: true })
      .waitFor();
    expect(await plain.page.getByRole("region", { name: "Iowa Liquor Sales" }).getByRole("status").count()).toBe(0);
    expect(await region.locator("[data-import-id] [data-file-name]").allInnerTexts()).toEqual([
      "cola-later.csv",
      "cola-export.csv",
    ]);
    expect(plain.errors).toEqual([]);
    await plain.context.close();
  });

  it("imports an EDGAR file with its own form and button, then lists the profile claim a newer annual report has overtaken", async () => {
    fs.writeFileSync(path.join(files, "CIK0000014693.json"), companyFacts());
    fs.writeFileSync(path.join(files, "submissions-CIK0000014693.json"), submissions());
    const { context, page, errors } = await signedInOnPhone();
    const reviews = page.getByRole("region", { name: "Profile claims due for review" });
    await reviews.getByText("No profile claim is older than a filing imported since.").waitFor();
    const sec = page.getByRole("region", { name: "Company filings (SEC EDGAR companyfacts and submissions)" });
    await sec.getByText("No file has been imported yet.").waitFor();

    await page
      .getByLabel("EDGAR companyfacts or submissions file")
      .setInputFiles(path.join(files, "CIK0000014693.json"));
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/desk/data/import/sec-companyfacts"),
      sec.getByRole("button", { name: "Import filings", exact: true }).tap(),
    ]);
    expect(answer.status()).toBe(200);
    await sec
      .getByRole("status")
      .getByText("Imported CIK0000014693.json: 14 rows kept, 1 refused, 14 new figures or filings added.", {
        exact: true,
      })
      .waitFor();
    // The page is read again: the claim the fiscal 2026 report overtook is listed, with the filing.
    const item = reviews.locator(`[data-review-company="${BF_ID}"]`);
    await item.getByRole("link", { name: "Brown-Forman" }).waitFor();
    expect(await item.getByRole("link", { name: "Brown-Forman" }).getAttribute("href")).toBe(
      `/explorer?company=${BF_ID}`,
    );
    await item.getByText("FY to 2024-04-30, resting on documents of", { exact: false }).waitFor();
    expect(await item.getByRole("link", { name: "10-K/A filed 2026-08-20" }).getAttribute("href")).toBe(
      "https://www.sec.gov/Archives/edgar/data/14693/000001469326000071/",
    );
    await item.getByText("fiscal year to 2026-04-30: Net sales $3,975 million", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    const cookies = await context.cookies();
    await context.close();

    // Without JavaScript: the form posts, and the outcome shows once, under the filings' form.
    const plain = await phone(false);
    await plain.context.addCookies(cookies);
    await plain.page.goto("/admin/data");
    await plain.page
      .getByLabel("EDGAR companyfacts or submissions file")
      .setInputFiles(path.join(files, "submissions-CIK0000014693.json"));
    await Promise.all([
      plain.page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/data" && r.request().method() === "GET"),
      plain.page.getByRole("button", { name: "Import filings", exact: true }).tap(),
    ]);
    const region = plain.page.getByRole("region", { name: "Company filings (SEC EDGAR companyfacts and submissions)" });
    await region
      .getByText(
        "Imported submissions-CIK0000014693.json: 4 rows kept, 0 refused, 0 new figures or filings added, 4 held already.",
        {
          exact: true,
        },
      )
      .waitFor();
    expect(await region.locator("[data-import-id] [data-file-name]").allInnerTexts()).toEqual([
      "submissions-CIK0000014693.json",
      "CIK0000014693.json",
    ]);
    await plain.page
      .getByRole("region", { name: "Profile claims due for review" })
      .locator(`[data-review-company="${BF_ID}"]`)
      .waitFor();
    expect(plain.errors).toEqual([]);
    await plain.context.close();
  });

  it("imports the Census answer with its own form and button, and lists it under its source", async () => {
    const months = ["2024-01", "2024-02", "2024-03"];
    fs.writeFileSync(
      path.join(files, "hs2208.json"),
      censusJson(months.map((m) => censusRow(MEXICO, "220890", m, 100_000_000))),
    );
    const { context, page, errors } = await signedInOnPhone();
    const census = page.getByRole("region", {
      name: "U.S. imports of spirits by country (Census international trade, HS 2208)",
    });
    await census.getByText("No file has been imported yet.").waitFor();
    await page.getByLabel("Census imports answer (HS 2208)").setInputFiles(path.join(files, "hs2208.json"));
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/desk/data/import/census-hs2208"),
      census.getByRole("button", { name: "Import trade figures", exact: true }).tap(),
    ]);
    expect(answer.status()).toBe(200);
    await census
      .getByRole("status")
      .getByText("Imported hs2208.json: 3 rows kept, 0 refused, 3 months added.", { exact: true })
      .waitFor();
    await census.locator("[data-import-id]").first().getByText("2024-01 to 2024-03: 3 added, 0 replaced").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
