// Questions as readers type them (issue 25): conversational, misspelt, lowercase, informal,
// leaning on the turn before. Each block pins one cause of a failure class, with questions
// written for these tests (not taken from the evaluation sets).
import { describe, expect, it } from "vitest";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import { companiesNamed, companyAliases, correctSpelling } from "./company-names.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { EMPTY_CONTEXT, nextContext, type ConversationContext } from "./conversation-context.ts";
import { queryGroups } from "./hub-index.ts";

const hub = demoHub("reader-");

const ask = (question: string, deep = false) => analystAnswer(hub.index, question, deep).markdown;
const recapUrl = async (fragment: string) => {
  const row = await hub.database.db
    .selectFrom("weekly_summaries")
    .select("id")
    .where("headline", "like", `%${fragment}%`)
    .executeTakeFirstOrThrow();
  return `/recap/${row.id}`;
};
const episodeUrl = async (fragment: string) => {
  const row = await hub.database.db
    .selectFrom("podcast_episodes")
    .select("id")
    .where("title", "like", `%${fragment}%`)
    .executeTakeFirstOrThrow();
  return `/podcast?episode=${row.id}`;
};
const links = (markdown: string) => [...markdown.matchAll(/\]\((\/[^)#]+)/g)].map((m) => m[1]!);
/** The distinct recaps, profiles and episodes an answer links. */
const sources = (markdown: string) =>
  new Set(links(markdown).filter((l) => /^\/(?:recap\/\d+|explorer\?company=\d+|podcast\?episode=\d+)/.test(l)));

describe("class 1: words of conversation do not count against coverage", () => {
  it("drops filler phrases and words from the question's topic", () => {
    expect(queryGroups("How are things going with bourbon these days?")).toEqual([["bourbon"]]);
    // "Agave" is a family name: it also finds its members, tequila and mezcal.
    expect(queryGroups("what's the deal with agave, up or down lately?")).toEqual([
      ["agav", "tequila", "blanco", "reposado", "anejo", "mixto", "mezcal", "mescal"],
    ]);
    // Words that ask which way a topic moves are searched, but name no topic.
    expect(queryGroups("Is cognac still growing or falling?")).toEqual([["cognac"]]);
  });

  it("answers a conversational question from the recaps that cover its topic", async () => {
    const bourbon = await recapUrl("Bourbon Inventories");
    for (const q of [
      "How are things going with bourbon these days?",
      "so what's the deal with bourbon lately, up or down?",
      "any news on bourbon? anything at all",
    ]) {
      const answer = ask(q);
      expect(answer, q).not.toContain("No coverage yet");
      expect(links(answer), q).toContain(bourbon);
    }
  });

  it("puts a misspelt topic word right instead of counting it as a rare term", async () => {
    expect(links(ask("what's new with burbon inventories?"))).toContain(await recapUrl("Bourbon Inventories"));
    expect(links(ask("how are tarifs hitting cognac"))).toContain(await recapUrl("Tariff Watch"));
  });

  it("still says so when the topic itself is one the hub never mentions", () => {
    for (const q of [
      "how is mead doing in Oregon these days?",
      "what's the deal with absinthe sales lately",
      "any news on cider in Vermont?",
    ])
      expect(ask(q), q).toContain("No coverage yet");
  });

  it("names the word the hub has nothing on when it answers the rest", () => {
    const answer = ask("holiday gift packs and marzipan liqueur");
    expect(answer).toContain("Nothing in the hub mentions “marzipan”");
  });
});

describe("class 2: a category or price-tier question is answered from the recaps, not from profiles", () => {
  it("does not read a category word as a company's short name", () => {
    const aliases = companyAliases(COMPANIES);
    expect(companiesNamed("How is wine doing?", aliases)).toEqual([]);
    expect(companiesNamed("are brown spirits losing share?", aliases)).toEqual([]);
    expect(companiesNamed("what are bars in Manhattan pouring", aliases)).toEqual([]);
    expect(companiesNamed("silver tequila on the back bar", aliases)).toEqual([]);
  });

  it("cites the recaps that cover a category, ahead of company profiles", async () => {
    const answer = ask("How are ready-to-drink cocktails growing?");
    const urls = links(answer);
    expect(urls).toContain(await recapUrl("RTD Launches"));
    const firstRecap = urls.findIndex((u) => u.startsWith("/recap/"));
    const firstProfile = urls.findIndex((u) => u.startsWith("/explorer"));
    expect(firstRecap).toBeGreaterThanOrEqual(0);
    if (firstProfile >= 0) expect(firstRecap).toBeLessThan(firstProfile);
  });

  it("reads a price tier as the price band the recaps write about", async () => {
    const answer = ask("how's the value tier holding up with shoppers?");
    expect(links(answer)).toContain(await recapUrl("Holiday Shelf Sets"));
    expect(ask("what's happening at the $25-$40 price point")).toContain("$25-$40");
  });
});

describe("class 3: deep research gathers every distinct covering source", () => {
  it("cites more than two distinct sources on a topic the hub covers several times", async () => {
    const answer = ask("research the premium slowdown for our planning", true);
    expect(links(answer)).toContain(await recapUrl("Premium Spirits Slowdown"));
    expect(sources(answer).size).toBeGreaterThanOrEqual(4);
  });

  it("counts an episode's moments as one source", () => {
    const answer = ask("deep dive on tequila in new york bars", true);
    const episodes = [...sources(answer)].filter((s) => s.startsWith("/podcast"));
    expect(new Set(episodes).size).toBe(episodes.length);
    expect(sources(answer).size).toBeGreaterThanOrEqual(4);
  });

  it("does not invent coverage for a topic the hub lacks", () => {
    expect(ask("full research report on sake breweries in Nevada", true)).toContain("No coverage yet");
  });
});

describe("company and brand names as readers write them", () => {
  it("reads lowercase, unpunctuated and informal names", () => {
    const aliases = companyAliases(COMPANIES);
    expect(companiesNamed("how big is southern glazers", aliases)).toEqual([26]);
    expect(companiesNamed("what does sgws carry", aliases)).toEqual([26]);
    expect(companiesNamed("where is a-b based", aliases)).toEqual([1]);
    expect(companiesNamed("brown forman vs beam suntory", aliases)).toEqual([8, 7]);
    expect(companiesNamed("who makes titos", aliases)).toEqual([14]);
  });

  it("puts a misspelt company name right before looking it up", () => {
    const vocabulary = new Set(["constellation", "heineken", "pernod"]);
    expect(correctSpelling("how big is constelation", vocabulary, () => false)).toBe("how big is constellation");
    expect(correctSpelling("heiniken vs pernod", vocabulary, () => false)).toBe("heineken vs pernod");
    // A word the hub knows is left alone, and so is a short one.
    expect(correctSpelling("pernot", vocabulary, () => true)).toBe("pernot");
    expect(ask("where is constelation brands headquartered")).toContain("Rochester, NY");
    expect(ask("how big is moet hennesy")).toContain("](/explorer?company=23)");
  });

  it("answers a brand's owner from the brand's short name", () => {
    expect(ask("who's behind white claw?")).toContain("**White Claw Hard Seltzer** belongs to [Mark Anthony Brands]");
    expect(ask("who really makes modelo")).toContain("belongs to [Constellation Brands]");
  });

  it("answers one place in a table", () => {
    expect(ask("who's no. 3 among distributors?")).toContain("is #3 of the hub's top 25 U.S. alcohol distributors");
  });
});

describe("follow-ups that lean on the turn before", () => {
  const converse = (...turns: string[]) => {
    let context: ConversationContext = EMPTY_CONTEXT;
    let markdown = "";
    for (const turn of turns) {
      const reply = analystAnswer(hub.index, turn, false, { context });
      context = nextContext(context, reply.about, turn, reply.markdown);
      markdown = reply.markdown;
    }
    return markdown;
  };

  it("takes 'they' from a brand's owner and from a ranking's leader", () => {
    expect(converse("who makes fireball?", "when were they founded?")).toContain("](/explorer?company=11)");
    expect(converse("which is the largest distributor?", "where are they based")).toContain("Miami, FL");
  });

  it("takes 'that' from the last turn's topic", async () => {
    const answer = converse("what's going on with bourbon barrels?", "was there a podcast on that?");
    expect(links(answer)).toContain(await episodeUrl("barrel surplus"));
  });

  it("takes the table of a ranking for 'and number 7?'", () => {
    expect(converse("top 5 manufacturers", "and who's number 7?")).toContain("is #7 of the hub's top 25");
  });
});
