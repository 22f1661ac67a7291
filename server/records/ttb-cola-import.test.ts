import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { COLA_SHORT_HEADER, colaCsv, colaStream, sampleApproval } from "../../tests/support/cola-files.ts";
import { importColaFile } from "./ttb-cola-import.ts";

// Issue 41: the label approvals' import on both engines, on recorded samples written from the
// registry export's documented format (made-up rows under real key brands).

const SAZERAC = COMPANIES.find((c) => c.name === "Sazerac Company")!.id;
const approval = sampleApproval;

describe.each(ENGINES)("the label approvals' import on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);
  const db = () => handle.database.db;
  const held = async () =>
    Object.fromEntries(
      (
        await db()
          .selectFrom("label_approvals")
          .select(["ttb_id", "company_id", "joined_by", "approval_class", "fanciful_name"])
          .orderBy("ttb_id")
          .execute()
      ).map((r) => [r.ttb_id, r]),
    );
  const imports = async () =>
    Number(
      (
        await db()
          .selectFrom("data_imports")
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("keeps each approval with its company and class; the same file again changes nothing", async () => {
    const file = colaCsv(
      [
        approval("24100001000001", "2024-01-10", "BUFFALO TRACE"),
        approval("24100001000002", "2024-02-10", "BUFFALO TRACE", "KOSHER, WHEAT RECIPE"),
        approval("24100001000003", "2024-03-10", "SAMPLE CRAFT", "", "DSP-OR-77"),
        // The same approval twice in one file is kept once.
        approval("24100001000003", "2024-03-10", "SAMPLE CRAFT", "", "DSP-OR-77"),
      ],
      { bom: true },
    );
    const first = await importColaFile(db(), colaStream(file), "cola-1.csv");
    expect(first).toMatchObject({
      unchanged: false,
      rowsRead: 4,
      rowsKept: 3,
      firstPeriod: "2024-01-10",
      lastPeriod: "2024-03-10",
      periodsAdded: 3,
      periodsReplaced: 0,
    });
    expect(await held()).toMatchObject({
      "24100001000001": { company_id: SAZERAC, joined_by: "brand", approval_class: "new-brand" },
      "24100001000002": { company_id: SAZERAC, approval_class: "new-product", fanciful_name: "KOSHER, WHEAT RECIPE" },
      "24100001000003": { company_id: null, joined_by: null, approval_class: "new-brand" },
    });
    const again = await importColaFile(db(), colaStream(file), "cola-1-again.csv");
    expect(again).toMatchObject({ unchanged: true, importId: first.importId, periodsAdded: 0 });
    expect(await imports()).toBe(1);
  });

  it("keeps an approval once across overlapping exports, and classes again when an earlier one comes later", async () => {
    // A later export that overlaps the first, in the layout without the Desc columns and with an empty fanciful name.
    const later = [
      COLA_SHORT_HEADER,
      `'24100001000002,DSP-KY-9,1,02/10/2024,"KOSHER, WHEAT RECIPE",BUFFALO TRACE,22,101`,
      `'24100001000004',DSP-KY-9,2,04/10/2024,,BUFFALO TRACE,22,101`,
    ].join("\n");
    const result = await importColaFile(db(), colaStream(later), "cola-2.csv");
    expect(result).toMatchObject({ unchanged: false, rowsKept: 2, periodsAdded: 1, periodsReplaced: 1 });
    expect((await held())["24100001000004"]).toMatchObject({ approval_class: "renewal", fanciful_name: "" });

    // An export of an earlier month, imported last: Buffalo Trace was first approved in 2023, so
    // January's approval is no longer the brand's first.
    await importColaFile(
      db(),
      colaStream(colaCsv([approval("23100001000009", "2023-06-01", "Buffalo Trace")])),
      "cola-2023.csv",
    );
    expect(await held()).toMatchObject({
      "23100001000009": { approval_class: "new-brand" },
      "24100001000001": { approval_class: "renewal" },
      "24100001000002": { approval_class: "new-product" },
    });
    expect(Object.keys(await held())).toHaveLength(5);
  });

  it("refuses a malformed file and an export with no results, keeping nothing of either", async () => {
    const before = { approvals: Object.keys(await held()).length, imports: await imports() };
    const bad = colaCsv([approval("24100001000010", "2024-05-01", "FIREBALL")]).replace("05/01/2024", "02/30/2024");
    await expect(importColaFile(db(), colaStream(bad), "bad.csv")).rejects.toThrow(
      /^Line 2, column Completed Date: "02\/30\/2024" is not a date/,
    );
    await expect(importColaFile(db(), colaStream(`${COLA_SHORT_HEADER}\n`), "empty.csv")).rejects.toThrow(
      "Line 2: the export holds no approval (a search with no results); nothing was imported.",
    );
    expect({ approvals: Object.keys(await held()).length, imports: await imports() }).toEqual(before);
  });
});
