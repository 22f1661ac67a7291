import fs from "node:fs";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../db/client.ts";
import { migrateToLatest } from "../../../db/migrate.ts";
import { seedDemoContent } from "../../../db/seed.ts";
import { DEMO_MARKET_FILE, seedDemoMarketData } from "../../../market/demo-market-data.ts";
import { importIowaFile } from "../../../market/iowa-import.ts";
import { builtinAnswer } from "../../builtin-answer.ts";
import { builtinProvider } from "../../../chat/builtin-provider.ts";
import { ConversationStore } from "../../../chat/conversation-store.ts";
import { EMPTY_CONTEXT, nextContext } from "../../conversation-context.ts";
import { HubKnowledge, type HubIndex } from "../../hub-index.ts";
import { ENGINES, freshDatabase, type Engine, type TestDatabase } from "../../../../tests/support/databases.ts";
import { change, dollars, liters, percent } from "./market-format.ts";
import { marketLookup, readMarketFigures, type MarketLookup } from "./market-lookup.ts";

// Ask Eddy on the demo's real market data (Iowa's sales summed statewide by month and category,
// January 2015 to October 2020), on each engine: every shape of answer, a year the figures do not
// hold, a family they do not hold, a follow-up through the conversation store, and the figures
// read again after an import. Expected figures are recomputed here from the demo's own file.

const NOW = new Date("2026-11-27T12:00:00Z");

/** The demo file summed by family and year, and by family and month: the figures an answer must give. */
async function recomputed() {
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    fs.createReadStream(DEMO_MARKET_FILE)
      .pipe(createGunzip())
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      .on("error", reject);
  });
  const byYear = new Map<string, { dollars: number; liters: number }>();
  const add = (key: string, dollars: number, liters: number) => {
    const s = byYear.get(key) ?? { dollars: 0, liters: 0 };
    byYear.set(key, { dollars: s.dollars + dollars, liters: s.liters + liters });
  };
  for (const line of text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .slice(1)
    .filter(Boolean)) {
    const [year, month, type, category, , revenue, , volume] = line.split(",");
    add(`${type}:${year}`, Number(revenue), Number(volume));
    add(`${type}:${month!.slice(0, 7)}`, Number(revenue), Number(volume));
    add(`${type}/${category}:${year}`, Number(revenue), Number(volume));
    add(`all:${year}`, Number(revenue), Number(volume));
  }
  return (key: string) => byYear.get(key) ?? { dollars: 0, liters: 0 };
}

interface Demo {
  testDb: TestDatabase;
  database: Database;
  index: HubIndex;
  market: MarketLookup;
}

async function demoOn(engine: Engine): Promise<Demo> {
  const testDb = await freshDatabase(engine);
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  await migrateToLatest(database.db);
  await seedDemoContent(database.db, testDb.dataDir);
  await seedDemoMarketData(database.db);
  return { testDb, database, index: await new HubKnowledge(database.db).get(), market: marketLookup(database.db) };
}

describe.each(ENGINES)("Ask Eddy on the market figures, %s", (engine) => {
  let demo: Demo;
  let sum: Awaited<ReturnType<typeof recomputed>>;
  beforeAll(async () => {
    [demo, sum] = await Promise.all([demoOn(engine), recomputed()]);
  }, 120_000);
  afterAll(async () => {
    await demo?.database.close();
    await demo?.testDb.drop();
  });

  /** The answer to a conversation's last turn, asked as the provider asks. */
  async function ask(turns: string[], options: { deep?: boolean; now?: Date; market?: MarketLookup } = {}) {
    let context = EMPTY_CONTEXT;
    let markdown = "";
    for (const turn of turns) {
      const reply = await builtinAnswer(demo.index, turn, options.deep ?? false, {
        context,
        market: options.market ?? demo.market,
        now: options.now ?? NOW,
      });
      context = nextContext(context, reply.about, turn, reply.markdown);
      markdown = reply.markdown;
    }
    return markdown;
  }
  const changeOf = (family: string, year: number, measure: "dollars" | "liters" = "dollars") =>
    change(sum(`${family}:${year}`)[measure], sum(`${family}:${year - 1}`)[measure])!;

  it("answers how a family is doing with a verdict first, the years, the source and the page", async () => {
    const answer = await ask(["how is tequila doing in Iowa?"]);
    const t = sum("tequila:2019");
    expect(answer.split("\n")[0]).toBe(
      `Tequila grew in Iowa in 2019: ${dollars(t.dollars)}, ${changeOf("tequila", 2019)} on 2018 (${liters(t.liters)}, ${changeOf("tequila", 2019, "liters")}), ${percent(t.dollars / sum("all:2019").dollars)} of all spirits' dollars. In January to October 2020: $22.4 million, up 23.6% on the same months of 2019.`,
    );
    expect(answer).toContain("$21.7 million, up 9.2% on 2018");
    expect(answer).toContain(`| 2017 | ${dollars(sum("tequila:2017").dollars)} | ${changeOf("tequila", 2017)} |`);
    expect(answer).toContain("State of Iowa, Alcoholic Beverages Division (data.iowa.gov), monthly to October 2020");
    expect(answer).toContain("retailers bought from the state");
    expect(answer).toContain("not national depletions");
    expect(answer).toContain("[Tequila in Iowa](/data/tequila)");
    expect(answer).not.toContain("No coverage");
  });

  it("compares families by growth, and by size", async () => {
    const faster = await ask(["which grew faster in 2019, tequila or vodka?"]);
    expect(faster.split("\n")[0]).toBe(
      `Tequila grew faster in 2019: ${changeOf("tequila", 2019)} to ${dollars(sum("tequila:2019").dollars)}, against vodka's ${changeOf("vodka", 2019)}.`,
    );
    expect(faster).toContain("[Tequila in Iowa](/data/tequila)");
    expect(faster).toContain("[Vodka in Iowa](/data/vodka)");
    const bigger = await ask(["by volume which is bigger, rum or tequila? 2019"]);
    expect(bigger.split("\n")[0]).toBe(
      `Rum sold more by volume: ${liters(sum("rum:2019").liters)} in 2019, against tequila's ${liters(sum("tequila:2019").liters)}.`,
    );
  });

  it("ranks the families by liters, by growth and by a count, with the overview's page", async () => {
    const byLiters = await ask(["biggest category by liters"]);
    expect(byLiters.split("\n")[0]).toBe(
      `Vodka was the biggest category by liters in Iowa in 2019: ${liters(sum("vodka:2019").liters)}, ${percent(sum("vodka:2019").liters / sum("all:2019").liters)} of all spirits' liters.`,
    );
    expect(byLiters).toContain("[All spirits in Iowa](/data)");
    // The buckets (what fits no family) are listed, not ranked; one that grew faster is said.
    const fastest = await ask(["which category grew fastest in 2019?"]);
    expect(fastest.split("\n")[0]).toBe(
      `Tequila grew fastest in Iowa in 2019: ${changeOf("tequila", 2019)} to $21.7 million. (Other spirits, a bucket of what fits no family, ${changeOf("other", 2019)}.)`,
    );
    const top = await ask(["top 3 families by sales in 2017"]);
    expect(top.split("\n")[0]).toBe(
      `The top 3 categories by dollars in Iowa in 2017: whiskey (${dollars(sum("whiskey:2017").dollars)}, 36.4% of all spirits' dollars), vodka (${dollars(sum("vodka:2017").dollars)}, 24.9% of all spirits' dollars) and rum (${dollars(sum("rum:2017").dollars)}, 11.9% of all spirits' dollars).`,
    );
  });

  it("gives a family's share, an amount in a year, a month, a span and all spirits", async () => {
    const share = await ask(["what share of spirits sales is whiskey"]);
    expect(share.split("\n")[0]).toBe(
      `Whiskey was ${percent(sum("whiskey:2019").dollars / sum("all:2019").dollars)} of all spirits sales in Iowa in 2019: ${dollars(sum("whiskey:2019").dollars)} of ${dollars(sum("all:2019").dollars)}. A year before it was ${percent(sum("whiskey:2018").dollars / sum("all:2018").dollars)}.`,
    );
    const amount = await ask(["how much vodka did iowa sell in 2016"]);
    expect(amount.split("\n")[0]).toBe(
      `Iowa's retailers bought ${dollars(sum("vodka:2016").dollars)} of vodka from the state in 2016 (${liters(sum("vodka:2016").liters)}), ${changeOf("vodka", 2016)} on 2015.`,
    );
    const month = await ask(["what were vodka sales in iowa in december 2019"]);
    expect(month.split("\n")[0]).toContain(
      `Vodka fell in Iowa in December 2019: ${dollars(sum("vodka:2019-12").dollars)}, ${change(sum("vodka:2019-12").dollars, sum("vodka:2018-12").dollars)} on December 2018`,
    );
    const span = await ask(["how has whiskey grown in iowa from 2015 to 2019?"]);
    expect(span.split("\n")[0]).toContain(
      `Whiskey grew in Iowa from ${dollars(sum("whiskey:2015").dollars)} in 2015 to ${dollars(sum("whiskey:2019").dollars)} in 2019, ${change(sum("whiskey:2019").dollars, sum("whiskey:2015").dollars)} over the span`,
    );
    const all = await ask(["total spirits sales in iowa"]);
    expect(all.split("\n")[0]).toBe(
      `Iowa's retailers bought ${dollars(sum("all:2019").dollars)} of spirits from the state in 2019 (${liters(sum("all:2019").liters)}), ${changeOf("all", 2019)} on 2018. Whiskey was the biggest category, 37.7% of the dollars.`,
    );
    expect(all).toContain("[All spirits in Iowa](/data)");
  });

  it("answers a part of a family with its family's figures and the state's categories it sums", async () => {
    const bourbon = await ask(["straight bourbon sales in iowa in 2019"]);
    expect(bourbon.split("\n")[0]).toMatch(/^Whiskey grew in Iowa in 2019: \$131\.5 million, up 7\.2% on 2018/);
    const straight = sum("whiskey/straight bourbon whiskies:2019").dollars;
    expect(bourbon).toContain(`| straight bourbon whiskies | ${dollars(straight)} |`);
    expect(bourbon).toContain("[Whiskey in Iowa](/data/whiskey)");
    const mezcal = await ask(["how much mezcal does iowa sell"]);
    expect(mezcal).toContain(
      `Mezcal here is the state's category “mezcal”, counted in other spirits: ${dollars(sum("other/mezcal:2019").dollars)} in 2019`,
    );
    expect(mezcal).toContain("[Other spirits in Iowa](/data/other)");
    const cognac = await ask(["is cognac growing in iowa?"]);
    expect(cognac).toContain(
      "The state lists no category for cognac: it is counted in brandy, whose figures these are.",
    );
  });

  it("says which years the figures hold when a question asks for one they lack, and answers for the latest full year", async () => {
    const later = await ask(["how is tequila doing in iowa in 2023?"]);
    expect(later.split("\n")[0]).toMatch(
      /^The figures have nothing for 2023: they hold 2015 to 2020 \(2020 through October\)\. Here is 2019, the latest full year\. Tequila grew in Iowa in 2019: \$21\.7 million, up 9\.2% on 2018/,
    );
    const thisYear = await ask(["vodka sales in iowa this year"]);
    expect(thisYear).toContain(
      "The figures have nothing for this year (2026): they hold 2015 to 2020 (2020 through October).",
    );
    // Asked while the figures' last year is under way, "this year" is its months so far, against the same months before.
    const inYear = await ask(["vodka sales in iowa this year"], { now: new Date("2020-11-20T12:00:00Z") });
    expect(inYear.split("\n")[0]).toMatch(
      /^Vodka grew in Iowa in January to October 2020: \$74\.9 million, up 7\.5% on the same months of 2019/,
    );
  });

  it("carries a question into the next turn through the conversation store", async () => {
    const conversations = new ConversationStore(demo.database.db);
    const provider = builtinProvider({ get: async () => demo.index } as HubKnowledge, conversations, {
      market: demo.market,
    });
    const uuid = crypto.randomUUID();
    const request = (message: string) => ({
      message,
      uuid,
      timestamp: NOW.toISOString(),
      deepresearchStatus: "false" as const,
      retryAttempt: 0,
    });
    await provider.answer(request("how is gin doing in iowa?"), AbortSignal.timeout(10_000));
    const rum = await provider.answer(request("and rum?"), AbortSignal.timeout(10_000));
    expect(rum.ok && rum.output?.split("\n")[0]).toMatch(
      new RegExp(`^Rum fell in Iowa in 2019: \\$36\\.9 million, down 1\\.8% on 2018`),
    );
    expect((await conversations.get(uuid)).market).toMatchObject({ subjects: [{ slug: "rum" }], carried: true });
  });

  it("sets the figures beside the hub's coverage of a family, and never answers “No coverage” for a family they hold", async () => {
    const bourbon = await ask(["how's bourbon holding up"]);
    expect(bourbon).toContain("**What the hub says**");
    expect(bourbon).toContain("**In the hub's market data**");
    expect(bourbon).toContain(
      `Whiskey in Iowa: ${dollars(sum("whiskey:2019").dollars)} in 2019, ${changeOf("whiskey", 2019)} on 2018`,
    );
    expect(bourbon).toContain("[Whiskey in Iowa](/data/whiskey)");
    const schnapps = await ask(["is schnapps growing?"]);
    expect(schnapps).not.toContain("No coverage");
    expect(schnapps.split("\n")[0]).toMatch(/^Schnapps grew in Iowa in 2019: \$10\.8 million, up 3\.2% on 2018/);
    // A question about more than the figures hold keeps "No coverage yet" for it, with the figures on its family beside.
    const allocations = await ask(["any news on japanese whisky allocations in ohio state stores?"]);
    expect(allocations).toContain("No coverage yet");
    expect(allocations).toContain("[Whiskey in Iowa](/data/whiskey)");
  });

  it("leaves a question with no family and no word of the figures to the rest of the analyst", async () => {
    const tariffs = await ask(["What did the recaps say about tariffs?"]);
    expect(tariffs).not.toContain("/data");
    const owner = await ask(["Who owns Tito's?"]);
    expect(owner).not.toContain("/data");
  });

  it("adds, for deep research, the categories inside the family, the latest year's months and the counties", async () => {
    const deep = await ask(["how is tequila doing in iowa?"], { deep: true });
    expect(deep).toContain(`| 100% agave tequila | ${dollars(sum("tequila/100% agave tequila:2019").dollars)} |`);
    expect(deep).toContain(`| October 2020 | ${dollars(sum("tequila:2020-10").dollars)} |`);
    expect(deep).toContain("These figures are statewide: no county figures have been imported");
  });

  it("gives the counties that grew fastest when the figures hold counties", async () => {
    const counties = await freshDatabase(engine);
    const database = openDatabase({ databaseUrl: counties.databaseUrl, dataDir: counties.dataDir });
    try {
      await migrateToLatest(database.db);
      const header = `"year","year_month","county","population","type","category","state_cost","state_revenue","bottles_sold","volume"`;
      const rows = ["2018", "2019"].flatMap((year) =>
        Array.from({ length: 12 }, (_, i) => {
          const month = `${year}-${String(i + 1).padStart(2, "0")}-01`;
          return [
            `${year},${month},"polk",1,"tequila","mixto tequila",0,${year === "2018" ? 1000 : 1500},1,100`,
            `${year},${month},"story",1,"tequila","mixto tequila",0,1000,1,100`,
          ];
        }).flat(),
      );
      await importIowaFile(database.db, Readable.from([Buffer.from([header, ...rows].join("\n"))]), "counties.csv");
      const answer = await ask(["which iowa counties grew fastest for tequila?"], {
        market: marketLookup(database.db),
      });
      expect(answer).toContain("**Counties whose tequila purchases grew fastest in 2019**");
      expect(answer).toContain("| Polk | $18,000 | $12,000 | up 50.0% |");
      expect(answer).toContain("| Story | $12,000 | $12,000 | unchanged |");
    } finally {
      await database.close();
      await counties.drop();
    }
  });

  it("says a family the figures do not hold, answers without figures as before, and reads the figures again after an import", async () => {
    const small = await freshDatabase(engine);
    const database = openDatabase({ databaseUrl: small.databaseUrl, dataDir: small.dataDir });
    try {
      await migrateToLatest(database.db);
      const market = marketLookup(database.db);
      // No figures yet: the analyst answers from the hub's coverage alone.
      expect(await ask(["how is tequila doing in Iowa?"], { market })).not.toContain("/data");
      const header = "year,year_month,type,category,state_cost,state_revenue,bottles_sold,volume";
      const rows = ["2018", "2019"].flatMap((year) =>
        Array.from({ length: 12 }, (_, i) => {
          const month = `${year}-${String(i + 1).padStart(2, "0")}-01`;
          return [
            `${year},${month},tequila,mixto tequila,1,${year === "2018" ? 1000 : 1100},1,100`,
            `${year},${month},vodka,american vodka,1,2000,1,200`,
          ];
        }).flat(),
      );
      await importIowaFile(database.db, Readable.from([Buffer.from([header, ...rows].join("\n"))]), "two.csv");
      const gin = await ask(["how is gin doing in iowa?"], { market });
      expect(gin).toContain("The figures hold no sales of gin in Iowa in 2018 to 2019.");
      expect(gin).not.toContain("No coverage");
      expect(await ask(["how is tequila doing in iowa?"], { market })).toContain(
        "Tequila grew in Iowa in 2019: $13,200, up 10.0% on 2018",
      );
      // A later file: the next question reads the figures again (the import bumps the content version).
      await importIowaFile(
        database.db,
        Readable.from([Buffer.from(`${header}\n2020,2020-01-01,tequila,mixto tequila,1,5000,1,500`)]),
        "later.csv",
      );
      expect((await market())?.asOf).toBe("2020-01");
      expect(await ask(["how is tequila doing in iowa?"], { market })).toContain("monthly to January 2020");
      expect((await readMarketFigures(database.db))?.latestFull).toBe(2019);
    } finally {
      await database.close();
      await small.drop();
    }
  });
});
