import { describe, expect, it } from "vitest";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import {
  ALL,
  censusJson,
  censusRow,
  censusStream,
  EU,
  MEXICO,
  UK,
  CENSUS_HEADER,
} from "../../tests/support/census-files.ts";
import { importCensusFile } from "./census-hs2208-import.ts";

// Issue 41: the Census importer on both engines, on recorded samples written from the API's
// documented answer (made-up figures).

describe.each(ENGINES)("the Census HS 2208 import on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);
  const db = () => handle.database.db;
  /** General imports by geography, code and month, as stored. */
  async function general(): Promise<Record<string, number>> {
    const rows = await db()
      .selectFrom("data_observations as o")
      .innerJoin("data_series as s", "s.id", "o.series_id")
      .select(["s.geography", "s.category", "o.period", "o.value"])
      .where("s.source_id", "=", "census-hs2208")
      .where("s.measure", "=", "general_imports_usd")
      .execute();
    return Object.fromEntries(rows.map((r) => [`${r.geography} ${r.category} ${r.period}`, r.value]));
  }

  it("keeps each country's and the world's months, leaves groups of countries and withheld figures out, and says so", async () => {
    const file = censusJson([
      censusRow(MEXICO, "220890", "2024-01", 400_000_000),
      censusRow(UK, "220830", "2024-01", 90_000_000),
      censusRow(ALL, "220890", "2024-01", 410_000_000),
      // A group of countries: read, not kept (its countries are kept each).
      censusRow(EU, "220830", "2024-01", 120_000_000),
      // A figure the Census withheld: the month has a gap for it, not a zero.
      censusRow(["4279", "FRANCE"], "220820", "2024-01", "(D)"),
    ]);
    const result = await importCensusFile(db(), censusStream(file), "hs2208-2024-01.json");
    expect(result).toMatchObject({
      unchanged: false,
      rowsRead: 5,
      rowsKept: 4,
      rowsRefused: 3,
      firstPeriod: "2024-01",
      lastPeriod: "2024-01",
      periodsAdded: 1,
    });
    expect(await general()).toEqual({
      "country:2010:MEXICO 220890 2024-01": 400_000_000,
      "country:4120:UNITED KINGDOM 220830 2024-01": 90_000_000,
      "world 220890 2024-01": 410_000_000,
    });
    const again = await importCensusFile(db(), censusStream(file), "again.json");
    expect(again).toMatchObject({ unchanged: true, importId: result.importId });
  });

  it("replaces a month it holds again (a revision) and adds the new ones", async () => {
    const revised = censusJson([
      censusRow(MEXICO, "220890", "2024-01", 401_000_000),
      censusRow(MEXICO, "220890", "2024-02", 380_000_000),
    ]);
    expect(await importCensusFile(db(), censusStream(revised), "revised.json")).toMatchObject({
      periodsAdded: 1,
      periodsReplaced: 1,
    });
    // The month is the file's whole: the UK's and the world's January, absent from it, are gone.
    expect(await general()).toEqual({
      "country:2010:MEXICO 220890 2024-01": 401_000_000,
      "country:2010:MEXICO 220890 2024-02": 380_000_000,
    });
  });

  it("refuses a malformed answer naming its row and variable, keeping nothing", async () => {
    const before = await general();
    const refusals: Array<[string, string | RegExp]> = [
      [
        censusJson([censusRow(MEXICO, "220300", "2024-03", 1)]),
        'Row 1, I_COMMODITY: "220300" is not a six-digit HS code under 2208.',
      ],
      [censusJson([censusRow(MEXICO, "220890", "2024-13", 1)]), 'Row 1, MONTH: "13" is not a month.'],
      [JSON.stringify([CENSUS_HEADER.slice(1), ["x"]]), /^Row 0: the header lacks CTY_CODE; ask the API for /],
      [JSON.stringify([CENSUS_HEADER, ["2010", "MEXICO"]]), "Row 1: 2 values where the header names 11."],
      [
        `${censusJson([censusRow(MEXICO, "220890", "2024-03", 1)]).slice(0, -3)}`,
        /^The file is not the API's JSON answer/,
      ],
      [JSON.stringify({ error: "unknown variable" }), "Row 0: expected an array of the variables' values."],
      [
        censusJson([censusRow(EU, "220890", "2024-03", 1)]),
        /^Row 1: the answer holds no month of a country or of all countries/,
      ],
    ];
    for (const [text, message] of refusals)
      await expect(importCensusFile(db(), censusStream(text), "bad.json"), String(message)).rejects.toThrow(message);
    expect(await general()).toEqual(before);
  });
});
