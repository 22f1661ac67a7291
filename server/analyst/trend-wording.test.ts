// Trend idioms, rankings, figures, follow-ups and named dates (issue 25, seventh round). Each block
// pins one cause, with questions written for these tests (not taken from the evaluation sets).
import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../tests/support/analyst-askers.ts";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { queryGroups } from "./hub-index.ts";
import { periodIn } from "./question-dates.ts";
import { measureAsked } from "./ranking-filters.ts";
import { stateIn } from "./us-states.ts";

const hub = demoHub("trend-");
/** A day after the demo's last recap and episode, so a date without a year is this year's. */
const NOW = DEMO_NOW;
const { ask, converse, recapUrl, episodeUrl, links, link } = analystAskers(hub, NOW);

describe("an idiom of the trend does not sink its topic's coverage", () => {
  it("answers an idiom about a category from the recaps on that category", async () => {
    for (const [question, headline] of [
      ["cognac: mixed signals these days?", "Tariff Watch"],
      ["has tequila hit a rough patch", "Tequila's New York Moment"],
      ["are canned cocktails running out of steam?", "RTD Launches"],
      ["has the bourbon boom peaked?", "Bourbon Inventories"],
      ["are non-alcoholic drinks just a fad?", "Non-Alc and Low-ABV"],
      ["who's bleeding share in tequila?", "Tequila's New York Moment"],
    ] as const) {
      const answer = ask(question);
      expect(answer, question).not.toContain("## No coverage yet");
      expect(links(answer), question).toContain(await recapUrl(headline));
    }
  });

  it("keeps the idiom's words out of the question's topic", () => {
    expect(queryGroups("is cognac past its peak?")).toEqual([["cognac"]]);
    expect(queryGroups("are canned cocktails just a fad?").flat()).toEqual(["rtd", "cocktail"]);
    expect(queryGroups("who's bleeding share in tequila?")).toEqual([["tequila"]]);
    expect(queryGroups("cognac: mixed signals these days?")).toEqual([["cognac"]]);
    expect(queryGroups("are RTDs running out of steam?").flat()).toEqual(["rtd"]);
  });
});

describe("one thing eating another's lunch", () => {
  it("keeps both things as the topic, not the idiom, and answers from the RTD recap", async () => {
    const question = "are spirit-based cans eating malt seltzer's lunch?";
    const words = queryGroups(question).flat();
    expect(words).toEqual(expect.arrayContaining(["rtd", "malt", "seltzer"]));
    expect(words).not.toContain("lunch");
    expect(words).not.toContain("eat");
    const answer = ask(question);
    expect(links(answer)).toContain(await recapUrl("RTD Launches"));
    expect(answer).toContain("taking cooler space from malt-based seltzers");
  });
});

describe("a state's postal code in a topic", () => {
  it("reads 'ny' as New York and answers from the New York tequila recap", async () => {
    for (const question of ["any tequila buzz in ny?", "what's hot with tequila in ny?"]) {
      const answer = ask(question);
      expect(answer, question).not.toContain("## No coverage yet");
      expect(answer, question).not.toContain("Nothing in the hub mentions");
      expect(links(answer), question).toContain(await recapUrl("Tequila's New York Moment"));
    }
  });

  it("reads 'Jersey' alone, and a state said as an adjective", () => {
    expect(stateIn("who distributes in Jersey?")?.name).toBe("New Jersey");
    expect(stateIn("jersey wholesalers")?.name).toBe("New Jersey");
    expect(stateIn("the biggest Texas-based beer houses")?.name).toBe("Texas");
    expect(stateIn("any news on the ohio wholesalers?")?.name).toBe("Ohio");
  });
});

describe("rankings asked for in other words", () => {
  it("lists the leader and those after it, not one place in the table", () => {
    const answer = ask("who's number one among spirits makers, and who is next in line?");
    expect(answer).toContain("## The largest spirits manufacturers");
    const diageo = answer.indexOf(link("Diageo North America"));
    const gallo = answer.indexOf(link("Gallo"));
    const sazerac = answer.indexOf(link("Sazerac Company"));
    expect(diageo).toBeGreaterThan(-1);
    expect(gallo).toBeGreaterThan(diageo);
    expect(sazerac).toBeGreaterThan(gallo);
  });

  it("reads 'dominant' as a request for a ranking", () => {
    const answer = ask("which brewer is dominant?");
    expect(answer).toContain("## The largest beer manufacturers");
    expect(answer.indexOf(link("Anheuser-Busch"))).toBeGreaterThan(-1);
    expect(answer.indexOf(link("Anheuser-Busch"))).toBeLessThan(answer.indexOf(link("Constellation Brands")));
  });

  it("ranks by case volume, with the volume the rank basis gives", () => {
    expect(measureAsked("rank the brewers by case volume")).toBe("cases");
    const answer = ask("rank the beer wholesalers by case volume");
    expect(answer).toContain("by cases a year");
    expect(answer).toContain("more than 217 million cases a year");
    expect(answer.indexOf(link("Reyes Beverage Group"))).toBeGreaterThan(-1);
    expect(answer.indexOf(link("Reyes Beverage Group"))).toBeLessThan(answer.indexOf(link("Ben E. Keith Beverages")));
  });
});

describe("a question for a figure prefers the sentence that has it", () => {
  it("quotes what was paid or spent", () => {
    expect(ask("how much was the new heaven hill distillery in bardstown?")).toContain("$160 million");
    expect(ask("what did Heineken pay for Lagunitas?")).toContain("for about $1 billion");
    expect(ask("what did MGP Ingredients pay for Luxco?")).toContain("$475 million");
  });

  it("quotes where a company brews", () => {
    expect(ask("where does yuengling brew?")).toContain("Tampa, Florida");
    expect(ask("where does mark anthony brew?")).toContain("Columbia, South Carolina");
  });
});

describe("follow-ups that lean on the turn before", () => {
  it("gives the price the owner paid for the brand of the last turn", () => {
    expect(converse("who's the owner of Patrón?", "how much did they pay to get it?")).toContain(
      "buying Patrón for $5.1 billion in 2018",
    );
    expect(converse("which company owns the Lagunitas brewery?", "what was the price they paid for it?")).toContain(
      "for about $1 billion",
    );
  });

  it("answers 'how long have they been around?' with the founding year", () => {
    const answer = converse("who owns Jack Daniel's?", "how long have they been around?");
    expect(answer).toContain(link("Brown-Forman"));
    expect(answer).toContain("**Founded:** 1870");
  });

  it("keeps the last turn's company beside the one the follow-up names", () => {
    const answer = converse("who makes Fireball?", "didn't they end up in court with RNDC?");
    expect(answer).toContain(link("Sazerac Company"));
    expect(answer).toContain(link("Republic National Distributing Company"));
    expect(answer).toContain("the two sued each other");
  });
});

describe("a date named by its day or month", () => {
  it("reads a day, a month and a full date, and not the verb 'may'", () => {
    expect(periodIn("what came out on November 16", NOW)).toMatchObject({ from: "2026-11-16", to: "2026-11-16" });
    expect(periodIn("anything from the 3rd of October?", NOW)).toMatchObject({
      from: "2026-10-03",
      to: "2026-10-03",
      said: "the 3rd of October",
    });
    expect(periodIn("recaps in October", NOW)).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(periodIn("what did you publish Nov 2nd, 2025", NOW)).toMatchObject({ from: "2025-11-02" });
    expect(periodIn("what may happen to bourbon", NOW)).toBeUndefined();
  });

  it("reads a quarter by name, and not one a question looks ahead to, nor a year (the year of the events, not of the coverage)", () => {
    expect(periodIn("Top RTD launches in Q1 2025", NOW)).toMatchObject({
      label: "in Q1 2025",
      from: "2025-01-01",
      to: "2025-03-31",
      said: "in Q1 2025",
    });
    expect(periodIn("what did you publish in the third quarter of 2026?", NOW)).toMatchObject({
      from: "2026-07-01",
      to: "2026-09-30",
    });
    // Named without a year: the latest one begun by today (November 2026).
    expect(periodIn("anything on tequila in Q4?", NOW)).toMatchObject({ from: "2026-10-01", to: "2026-12-31" });
    expect(periodIn("recaps from the first quarter", NOW)).toMatchObject({ from: "2026-01-01" });
    expect(periodIn("our distributor is long going into q1 - should we still push the new sku?", NOW)).toBeUndefined();
    expect(periodIn("roundup of the big spirits deals in 2024", NOW)).toBeUndefined();
  });

  it("puts a day after today, named without a year, in the year before", () => {
    expect(periodIn("what happened on December 5", NOW)).toMatchObject({ from: "2025-12-05", to: "2025-12-05" });
  });

  it("lists the episode of the day a podcast question names", async () => {
    expect(links(ask("what was on the weekly show of the 9th of November?"))).toContain(
      await episodeUrl("Reading the premium slowdown"),
    );
    expect(links(ask("the weekly pour from november 16, what was it on?"))).toContain(
      await episodeUrl("Tequila's New York moment"),
    );
  });
});

describe("the podcast as a whole", () => {
  it("names both series when asked what the shows are called", () => {
    for (const question of ["what are your podcasts called?", "which podcast shows do you make?"]) {
      const answer = ask(question);
      expect(answer, question).toContain("**The Daily Shot**");
      expect(answer, question).toContain("**The Weekly Pour**");
    }
  });
});

describe("the trade's shorthand for non-alcoholic", () => {
  it("reads 'no & low' and 'n/a beer' as non-alcoholic", async () => {
    const recap = await recapUrl("Non-Alc and Low-ABV");
    for (const question of ["anything on no & low lately?", "how is n/a beer selling?"]) {
      const answer = ask(question);
      expect(answer, question).not.toContain("## No coverage yet");
      expect(links(answer), question).toContain(recap);
    }
    expect(queryGroups("how is n/a beer selling?")).toContainEqual(["nonalcohol", "na"]);
  });
});

describe("adverbs and everyday adjectives are not reported as missing", () => {
  it("answers a covered topic without naming its adverbs as something the hub lacks", async () => {
    for (const [question, headline] of [
      ["honestly, what's realistically happening with bourbon pricing?", "Bourbon Inventories"],
      ["practical tips for selling tequila in new york bars, basically", "Tequila's New York Moment"],
      ["truthfully, is cognac seriously struggling with tariffs?", "Tariff Watch"],
    ] as const) {
      const answer = ask(question);
      expect(answer, question).not.toContain("Nothing in the hub mentions");
      expect(hub.index.unknownWords(question), question).toEqual([]);
      expect(links(answer), question).toContain(await recapUrl(headline));
    }
  });
});
