import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ENGINES, freshDatabase } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { IOWA_FILE, PORTAL_SAMPLE, sharedRows, sharedRowsAsText } from "../../tests/support/iowa-files.ts";
import { openDatabase } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { importIowaFile } from "./iowa-import.ts";

// Issue 39: the Iowa importer on the real file and on small files written for each case, on
// both engines. Figures are read back from the tables as the pages will read them.

const HEADER = `"year","year_month","county","population","type","category","state_cost","state_revenue","bottles_sold","volume"`;
const row = (month: string, county: string, type: string, category: string, dollars: number, liters = 1) =>
  `${month.slice(0, 4)},${month}-01,"${county}",1000,"${type}","${category}",${(dollars * 2) / 3},${dollars},1,${liters}`;
const csv = (...lines: string[]) => Readable.from([Buffer.from([HEADER, ...lines].join("\n") + "\n")]);

describe.each(ENGINES)("the Iowa importer on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);

  /** Statewide values of one measure by category and period, as stored. */
  async function stored(measure = "sales_dollars", geography = "state"): Promise<Map<string, number>> {
    const rows = await handle.database.db
      .selectFrom("data_observations as o")
      .innerJoin("data_series as s", "s.id", "o.series_id")
      .select(["s.category", "o.period", "o.value"])
      .where("s.measure", "=", measure)
      .where("s.geography", "=", geography)
      .execute();
    return new Map(rows.map((r) => [`${r.category} ${r.period}`, r.value]));
  }
  const counts = async () => ({
    imports: Number(
      (
        await handle.database.db
          .selectFrom("data_imports")
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    observations: Number(
      (
        await handle.database.db
          .selectFrom("data_observations")
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it(
    "imports the whole shared file: each family's statewide sales per year are the file's own sums",
    { timeout: 180_000 },
    async () => {
      const result = await importIowaFile(handle.database.db, createReadStream(IOWA_FILE), "liquor_sales.csv.gz");
      expect(result).toMatchObject({
        unchanged: false,
        rowsRead: 280_736,
        // Two rows name El Paso, not an Iowa county: read, not kept.
        rowsRefused: 2,
        rowsKept: 280_734,
        firstPeriod: "2015-01",
        lastPeriod: "2020-10",
        periodsAdded: 70,
        periodsReplaced: 0,
      });

      // Recomputed from the file without the importer.
      const expected = new Map<string, { dollars: number; liters: number }>();
      for await (const r of sharedRows()) {
        if (r.county === "el paso") continue;
        for (const key of [`${r.type} ${r.year}`, `all ${r.year}`]) {
          const sum = expected.get(key) ?? { dollars: 0, liters: 0 };
          sum.dollars += r.dollars;
          sum.liters += r.liters;
          expected.set(key, sum);
        }
      }
      const dollars = await stored("sales_dollars");
      const liters = await stored("volume_liters");
      const byYear = (values: Map<string, number>) => {
        const years = new Map<string, number>();
        for (const [key, value] of values) {
          const [category, period] = key.split(" ") as [string, string];
          if (category.includes("/")) continue;
          const k = `${category} ${period.slice(0, 4)}`;
          years.set(k, (years.get(k) ?? 0) + value);
        }
        return years;
      };
      const storedDollars = byYear(dollars);
      const storedLiters = byYear(liters);
      expect([...storedDollars.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, sum] of expected) {
        expect(storedDollars.get(key), key).toBeCloseTo(sum.dollars, 0);
        expect(storedLiters.get(key), key).toBeCloseTo(sum.liters, 0);
      }
      // The README's check anyone can redo: tequila, statewide, 2015 $15.8 M ... 2019 $21.7 M.
      expect(Math.round(storedDollars.get("tequila 2015")! / 1e5) / 10).toBe(15.8);
      expect(Math.round(storedDollars.get("tequila 2019")! / 1e5) / 10).toBe(21.7);
      // Every figure names the import it came from, and the import its source.
      const traced = await handle.database.db
        .selectFrom("data_observations as o")
        .innerJoin("data_imports as i", "i.id", "o.import_id")
        .innerJoin("data_sources as src", "src.id", "i.source_id")
        .select((e) => [e.fn.countAll().as("n"), e.fn.min("src.publisher").as("publisher")])
        .executeTakeFirstOrThrow();
      expect(Number(traced.n)).toBe((await counts()).observations);
      expect(traced.publisher).toMatch(/State of Iowa/);
    },
  );

  it(
    "changes no figure when the same file comes again, or the same months in other bytes",
    { timeout: 180_000 },
    async () => {
      const before = await stored();
      const again = await importIowaFile(handle.database.db, createReadStream(IOWA_FILE), "liquor_sales.csv.gz");
      expect(again).toMatchObject({ unchanged: true, importId: 1 });
      expect((await counts()).imports).toBe(1);
      // The first quarter of 2015, whole, as plain CSV: other bytes, so an import of its own, and not one figure moves.
      const lines = [HEADER];
      for await (const r of sharedRowsAsText())
        if (r.startsWith("2015,2015-0") && /^2015,2015-0[123]-/.test(r)) lines.push(r);
      const replay = await importIowaFile(
        handle.database.db,
        Readable.from([Buffer.from(lines.join("\n"))]),
        "2015-q1.csv",
      );
      expect(replay).toMatchObject({
        unchanged: false,
        periodsAdded: 0,
        periodsReplaced: 3,
        rowsKept: lines.length - 1,
      });
      expect(await stored()).toEqual(before);
    },
  );

  it("adds a later file's new months and replaces the months it repeats, leaving the others", async () => {
    const before = await stored();
    const later = csv(
      row("2020-10", "polk", "tequila", "mixto tequila", 1000),
      row("2020-11", "polk", "tequila", "mixto tequila", 2000),
      row("2020-11", "buena vist", "vodka", "american vodka", 300),
      row("2020-12", "o'brien", "vodka", "american vodka", 400),
    );
    const result = await importIowaFile(handle.database.db, later, "later.csv");
    expect(result).toMatchObject({
      periodsAdded: 2,
      periodsReplaced: 1,
      firstPeriod: "2020-10",
      lastPeriod: "2020-12",
    });
    const after = await stored();
    // October 2020 is now the later file's alone: its one row.
    expect(after.get("all 2020-10")).toBe(1000);
    expect(after.get("tequila 2020-10")).toBe(1000);
    expect(after.get("vodka 2020-10")).toBeUndefined();
    expect(after.get("tequila/mixto tequila 2020-10")).toBe(1000);
    expect(after.get("all 2020-11")).toBe(2300);
    expect(after.get("vodka 2020-12")).toBe(400);
    // The county spelled two ways is one county.
    const counties = await stored("sales_dollars", "county:Buena Vista");
    expect(counties.get("vodka 2020-11")).toBe(300);
    // Every month before is as it was.
    for (const [key, value] of before) if (!key.endsWith("2020-10")) expect(after.get(key), key).toBe(value);
  });

  it.each([
    [
      "a wrong header",
      `"year","month","county"\n2020,2020-01-01,"polk"\n`,
      /^Line 1: the header is not one the importer reads/,
    ],
    [
      "an unreadable number",
      `${HEADER}\n${row("2020-01", "polk", "vodka", "american vodka", 5)}\n2020,2020-01-01,"polk",1,"vodka","american vodka",1,"$5",1,1\n`,
      /^Line 3, column state_revenue: "\$5" is not a number\.$/,
    ],
    [
      "an unreadable month",
      `${HEADER}\n2020,2020-13-01,"polk",1,"vodka","american vodka",1,5,1,1\n`,
      /^Line 2, column year_month: "2020-13-01" is not the first day of a month/,
    ],
    [
      "a year that is not the month's",
      `${HEADER}\n2019,2020-01-01,"polk",1,"vodka","american vodka",1,5,1,1\n`,
      /^Line 2, column year: "2019" is not the year of year_month/,
    ],
    [
      "a missing county",
      `${HEADER}\n2020,2020-01-01,"",1,"vodka","american vodka",1,5,1,1\n`,
      /^Line 2, column county: the county is missing\.$/,
    ],
    [
      "a row with a column too few",
      `${HEADER}\n2020,2020-01-01,"polk",1,"vodka","american vodka",1,5,1\n`,
      /^Line 2: not a readable CSV row/,
    ],
    ["an empty file", "", /^Line 1: the file is empty/],
    ["a header alone", `${HEADER}\n`, /^Line 2: the file holds no row of an Iowa county \(0 rows read\)/],
    [
      "rows of no Iowa county only",
      `${HEADER}\n2020,2020-01-01,"el paso",1,"vodka","american vodka",1,5,1,1\n`,
      /^Line 2: the file holds no row of an Iowa county \(1 rows read\)/,
    ],
  ])("refuses %s, naming the line and the column, and keeps nothing of it", async (_case, text, message) => {
    const before = { counts: await counts(), figures: await stored() };
    await expect(importIowaFile(handle.database.db, Readable.from([Buffer.from(text)]), "bad.csv")).rejects.toThrow(
      message,
    );
    expect(await counts()).toEqual(before.counts);
    expect(await stored()).toEqual(before.figures);
  });

  it("refuses a gzipped file that ends early, and keeps nothing of it", async () => {
    const before = await counts();
    const whole = gzipSync(
      Buffer.from(
        [HEADER, ...Array.from({ length: 2000 }, (_, i) => row("2021-01", "polk", "rum", `rum ${i}`, i))].join("\n"),
      ),
    );
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(importIowaFile(handle.database.db, Readable.from([cut]), "cut.csv.gz")).rejects.toThrow(
      /^Line \d+: the gzipped file ends early or is damaged/,
    );
    expect(await counts()).toEqual(before);
  });

  it(
    "reads the portal's own CSV for the same query: the same figures as the shared file's rows",
    { timeout: 180_000 },
    async () => {
      const fresh = await freshDatabase(engine);
      const other = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      try {
        await migrateToLatest(other.db);
        const result = await importIowaFile(other.db, createReadStream(PORTAL_SAMPLE), "portal.csv");
        expect(result).toMatchObject({ rowsRefused: 0, firstPeriod: "2020-09", lastPeriod: "2020-10" });
        const expected = new Map<string, number>();
        for await (const r of sharedRows()) {
          if (!["polk", "obrien", "adair"].includes(r.county) || !["2020-09", "2020-10"].includes(r.period)) continue;
          expected.set(`${r.type} ${r.period}`, (expected.get(`${r.type} ${r.period}`) ?? 0) + r.dollars);
        }
        const rows = await other.db
          .selectFrom("data_observations as o")
          .innerJoin("data_series as s", "s.id", "o.series_id")
          .select(["s.category", "o.period", "o.value"])
          .where("s.measure", "=", "sales_dollars")
          .where("s.geography", "=", "state")
          .execute();
        const got = new Map(
          rows
            .filter((r) => !r.category.includes("/") && r.category !== "all")
            .map((r) => [`${r.category} ${r.period}`, r.value]),
        );
        expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [key, value] of expected) expect(got.get(key), key).toBeCloseTo(value, 2);
      } finally {
        await other.close();
        await fresh.drop();
      }
    },
  );
});
