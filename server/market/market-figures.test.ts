import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { importIowaFile } from "./iowa-import.ts";
import { marketFamily, marketOverview } from "./market-figures.server.ts";

// The figures the /data pages will show, read back from an import of a file whose answers are
// known: two full years and two months of a third, two families, three counties.

const HEADER = `"year","year_month","county","population","type","category","state_cost","state_revenue","bottles_sold","volume"`;
const line = (period: string, county: string, type: string, category: string, dollars: number, liters: number) =>
  `${period.slice(0, 4)},${period}-01,"${county}",1,"${type}","${category}",0,${dollars},1,${liters}`;

function file(): string {
  const lines = [HEADER];
  const months = (year: number, count = 12) =>
    Array.from({ length: count }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
  for (const period of months(2018)) {
    lines.push(line(period, "polk", "tequila", "100% agave tequila", 100, 10));
    lines.push(line(period, "story", "tequila", "mixto tequila", 1000, 100));
    lines.push(line(period, "adair", "tequila", "mixto tequila", 10, 1));
    lines.push(line(period, "polk", "vodka", "american vodka", 2000, 200));
  }
  for (const period of months(2019)) {
    lines.push(line(period, "polk", "tequila", "100% agave tequila", 200, 20));
    lines.push(line(period, "story", "tequila", "mixto tequila", 1100, 110));
    lines.push(line(period, "adair", "tequila", "mixto tequila", 100, 10));
    lines.push(line(period, "polk", "vodka", "american vodka", 1800, 180));
  }
  for (const period of months(2020, 2)) lines.push(line(period, "polk", "vodka", "american vodka", 5000, 500));
  return lines.join("\n");
}

describe.each(ENGINES)("market figures on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);

  it("has nothing to show before an import", async () => {
    expect(await marketOverview(handle.database.db)).toBeUndefined();
    expect(await marketFamily(handle.database.db, "tequila")).toBeUndefined();
  });

  it("compares each family's latest full year with the year before, with its share of the total", async () => {
    await importIowaFile(handle.database.db, Readable.from([Buffer.from(file())]), "known.csv");
    const overview = (await marketOverview(handle.database.db))!;
    expect(overview).toMatchObject({ year: 2019, asOf: "2020-02" });
    expect(overview.source.publisher).toMatch(/State of Iowa/);
    // 2019: tequila (200 + 1100 + 100) × 12 = 16,800; vodka 1,800 × 12 = 21,600.
    expect(overview.total).toEqual({
      dollars: 38_400,
      liters: 3_840,
      previous: { dollars: (100 + 1000 + 10 + 2000) * 12, liters: (10 + 100 + 1 + 200) * 12 },
    });
    expect(overview.families.map((f) => [f.family.slug, f.dollars, f.previous?.dollars, f.share])).toEqual([
      ["vodka", 21_600, 24_000, 21_600 / 38_400],
      ["tequila", 16_800, 13_320, 16_800 / 38_400],
    ]);
  });

  it("gives a family's years, months, fastest-growing counties and categories", async () => {
    const tequila = (await marketFamily(handle.database.db, "tequila"))!;
    expect(tequila.year).toBe(2019);
    expect(tequila.years.map((y) => [y.year, y.months, y.dollars])).toEqual([
      [2018, 12, 13_320],
      [2019, 12, 16_800],
    ]);
    expect(tequila.years[1]!.share).toBeCloseTo(16_800 / 38_400, 10);
    expect(tequila.months).toHaveLength(24);
    expect(tequila.months[0]).toEqual({ period: "2018-01", dollars: 1110, liters: 111 });
    // Adair grew tenfold and Polk doubled, but from $120 and $1,200 a year: below the $10,000 a county needs.
    expect(tequila.counties).toEqual([{ county: "Story", dollars: 13_200, previous: 12_000, change: 0.1 }]);
    expect(tequila.categories.map((c) => [c.category, c.dollars, c.previous?.dollars])).toEqual([
      ["mixto tequila", 14_400, 12_120],
      ["100% agave tequila", 2_400, 1_200],
    ]);
    // A family the data does not hold, and one that is not a family.
    expect(await marketFamily(handle.database.db, "gin")).toBeUndefined();
    expect(await marketFamily(handle.database.db, "wine")).toBeUndefined();
  });
});
