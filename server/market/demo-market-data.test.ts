import { describe, expect, it } from "vitest";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { sharedRows } from "../../tests/support/iowa-files.ts";
import countiesFile from "../../content/market-data/iowa-counties.json" with { type: "json" };
import { seedDemoMarketData } from "./demo-market-data.ts";
import { marketFamily, marketOverview } from "./market-figures.server.ts";

// The demo's market data is the real file summed statewide (content/make-market-sample.ts):
// its figures must be the file's, recomputed here without the importer.

const IOWA = new Set(
  (countiesFile.counties as Array<{ name: string; aliases?: string[] }>).flatMap((c) =>
    [c.name, ...(c.aliases ?? [])].map((n) => n.toLowerCase()),
  ),
);

/** Each family's dollars and liters in `year`, from the shared file's own rows of Iowa counties. */
async function fileSums(year: string): Promise<Map<string, { dollars: number; liters: number }>> {
  const sums = new Map<string, { dollars: number; liters: number }>();
  for await (const r of sharedRows()) {
    if (r.year !== year || !IOWA.has(r.county.toLowerCase())) continue;
    const s = sums.get(r.type) ?? { dollars: 0, liters: 0 };
    sums.set(r.type, { dollars: s.dollars + r.dollars, liters: s.liters + r.liters });
  }
  return sums;
}

describe.each(ENGINES)("the demo's market data on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);

  it(
    "is imported once, into a source never imported, and holds the file's statewide sums",
    { timeout: 60_000 },
    async () => {
      const first = await seedDemoMarketData(handle.database.db);
      expect(first).toMatchObject({
        unchanged: false,
        firstPeriod: "2015-01",
        lastPeriod: "2020-10",
        periodsAdded: 70,
      });
      // A second start, or an operator's own import before it, leaves the figures alone.
      expect(await seedDemoMarketData(handle.database.db)).toBeUndefined();

      const overview = (await marketOverview(handle.database.db))!;
      expect(overview).toMatchObject({ year: 2019, asOf: "2020-10" });
      const sums = await fileSums("2019");
      for (const f of overview.families) {
        const want = sums.get(f.family.slug)!;
        // Sums of sums rounded to the cent: within a dollar of the file's over a year.
        expect(Math.abs(f.dollars - want.dollars), f.family.slug).toBeLessThan(1);
        expect(Math.abs(f.liters - want.liters), f.family.slug).toBeLessThan(1);
      }
      expect(overview.families.map((f) => f.family.slug).sort()).toEqual([...sums.keys()].sort());
    },
  );

  it("has no county figures: a family page says so rather than ranking nothing", async () => {
    const tequila = (await marketFamily(handle.database.db, "tequila"))!;
    expect(tequila.counties).toEqual([]);
    expect(tequila.categories.length).toBeGreaterThan(1);
    expect(tequila.months).toHaveLength(70);
  });
});
