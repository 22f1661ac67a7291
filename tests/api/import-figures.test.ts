// Issue 41: the Census import figures over HTTP on a real server and both engines: nothing before
// an import, then a recorded sample's months (made-up figures) as JSON and the page, year on year.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportFigures } from "#common/records/import-figures.ts";
import { ADMIN_TOKEN_FOR_TESTS } from "../support/admin-site.ts";
import { askEddy } from "../support/ask-eddy.ts";
import { ALL, censusJson, censusRow, MEXICO, UK } from "../support/census-files.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);

/** Two years: Mexico's "other spirits" (tequila) grow 10 % (100 → 110 a month), UK whiskies fall (50 → 40). */
function sample(): string {
  const rows: string[][] = [];
  for (const [year, mexico, uk] of [
    [2023, 100_000_000, 50_000_000],
    [2024, 110_000_000, 40_000_000],
  ] as const)
    for (const m of months(year)) {
      rows.push(censusRow(MEXICO, "220890", m, mexico));
      rows.push(censusRow(UK, "220830", m, uk));
      rows.push(censusRow(ALL, "220890", m, mexico + 1_000_000));
    }
  return censusJson(rows);
}

describe.each(ENGINES)("import figures over HTTP on %s", (engine) => {
  let server: RunningServer;
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, ADMIN_TOKEN: ADMIN_TOKEN_FOR_TESTS, SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });
  const get = (path: string) => fetch(`${server.url}${path}`);
  const ask = (message: string, uuid?: string) => askEddy(server.url, message, uuid);

  it("says there is nothing before an import, then serves the sample's months at once", async () => {
    const none = await get("/api/data/imports");
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: "No import figures have been imported yet." });
    expect(await (await get("/data/imports")).text()).toContain("No import figures yet.");

    const imported = await fetch(`${server.url}/api/admin/data/import/census-hs2208?name=hs2208.json`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}`, "Content-Type": "application/json" },
      body: sample(),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({
      rowsRead: 72,
      rowsKept: 72,
      periodsAdded: 24,
      firstPeriod: "2023-01",
    });

    const all = (await (await get("/api/data/imports")).json()) as ImportFigures;
    expect(all).toMatchObject({ code: "all", country: null, asOf: "2024-12", from: "2024-01" });
    expect(all.countries).toEqual([
      { code: "2010", name: "MEXICO", value: 1_320_000_000, previous: 1_200_000_000 },
      { code: "4120", name: "UNITED KINGDOM", value: 480_000_000, previous: 600_000_000 },
    ]);
    expect(all.codes.map((c) => [c.code, c.value])).toEqual([
      ["220890", 1_320_000_000],
      ["220830", 480_000_000],
    ]);
    const mexico = (await (await get("/api/data/imports?code=220890&country=2010")).json()) as ImportFigures & {
      page: string;
    };
    expect(mexico.months.at(-1)).toEqual({ period: "2024-12", value: 110_000_000, previous: 100_000_000 });
    expect(mexico.page).toBe("/data/imports?code=220890&country=2010");
    expect((await get("/api/data/imports?code=2208")).status).toBe(400);

    // The page's text, without React's markers between the pieces of a sentence.
    const page = (await (await get("/data/imports?code=220890&country=2010")).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Tequila, mezcal and other spirits from MEXICO");
    expect(page).toContain(
      "$1.3 billion imported from January 2024 to December 2024, up 10.0% on the twelve months before.",
    );

    // Ask Eddy answers from the same figures.
    expect(await ask("How much tequila did we import from Mexico in 2024?")).toContain(
      "The United States imported $1.3 billion of tequila, mezcal and other spirits (HS 220890) from Mexico in 2024, up 10.0% on the same months of 2023 ($1.2 billion).",
    );
    const scotch = await ask("how much scotch came in from the UK?");
    expect(scotch).toContain("$480.0 million of whiskies (HS 220830) from the United Kingdom in 2024, down 20.0%");
    expect(scotch).toContain("(/data/imports?code=220830&country=4120)");
    // A follow-up asks the same of another country, keeping the spirit and the year.
    const uuid = crypto.randomUUID();
    await ask("how much tequila did we import in 2024?", uuid);
    expect(await ask("and from Mexico?", uuid)).toContain(
      "The United States imported $1.3 billion of tequila, mezcal and other spirits (HS 220890) from Mexico in 2024",
    );
    // "Last year" before the Census has published it: the latest year held, saying so.
    expect(await ask("how much tequila came in from mexico last year")).toMatch(
      /: none for \d{4}; 2024 is the latest year they hold\. The United States imported \$1\.3 billion /,
    );
  });
});
