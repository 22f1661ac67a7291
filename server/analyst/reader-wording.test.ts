// Questions worded the way readers type them, far from the hub's own words (issue 25, fourth
// round). Each block pins one cause, with questions written for these tests (not taken from the
// evaluation sets).
import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../tests/support/analyst-askers.ts";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { SENTENCE_END, tableSentences } from "./hub-corpus.ts";
import { queryGroups } from "./hub-index.ts";

const hub = demoHub("wording-");
const { ask, idOf, recapUrl, links } = analystAskers(hub, DEMO_NOW);

describe("everyday words name no topic unless the hub's topics use them", () => {
  it("does not let an everyday word sink a covered topic", async () => {
    for (const q of [
      "is the cognac tariff thing a big problem for importers",
      "are bourbon distillers in a tough spot, sitting on all those barrels",
    ]) {
      const answer = ask(q);
      expect(answer, q).not.toContain("No coverage yet");
      expect(answer, q).not.toContain("Nothing in the hub mentions");
    }
    expect(links(ask("are bourbon distillers in a tough spot, sitting on all those barrels"))).toContain(
      await recapUrl("Bourbon Inventories"),
    );
  });

  it("does not report an everyday word as something the hub lacks", () => {
    expect(hub.index.unknownWords("quick: any takeaways on holiday gift packs?")).toEqual([]);
    expect(hub.index.topicGroups("quick: any takeaways on holiday gift packs?").map((g) => g[0])).toEqual([
      "holidai",
      "gift",
      "pack",
    ]);
  });

  it("keeps an everyday word that a headline uses as a topic word", () => {
    // "Moment" is everyday English, and the hub's "Tequila's New York Moment".
    expect(hub.index.topicGroups("the tequila moment").map((g) => g[0])).toContain("moment");
  });

  it("still says so when the topic is one the hub never mentions", () => {
    for (const q of [
      "is soju in trouble in hawaii?",
      "any good takeaways on mead in oregon",
      "is hard kombucha a big deal",
    ])
      expect(ask(q), q).toContain("No coverage yet");
  });

  it("does not read a real word it has a meaning for as a misspelt name", () => {
    expect(hub.index.correct("price bands that lost facings over christmas")).toBe(
      "price bands that lost facings over christmas",
    );
  });
});

describe("the trade's synonyms, on the question's side", () => {
  it("finds a topic by the reader's word for it", async () => {
    expect(links(ask("are the big wholesalers still merging?"))).toContain(await recapUrl("Distributor Consolidation"));
    expect(links(ask("is there a whisky glut?"))).toContain(await recapUrl("Bourbon Inventories"));
    expect(links(ask("how bad is the pullback in high-end bottles"))).toContain(
      await recapUrl("Premium Spirits Slowdown"),
    );
    expect(links(ask("are import taxes hurting brandy?"))).toContain(await recapUrl("Tariff Watch"));
  });

  it("lets a family name find its members, not the other way round", () => {
    expect(queryGroups("agave")).toEqual([
      ["agav", "tequila", "blanco", "reposado", "anejo", "mixto", "mezcal", "mescal"],
    ]);
    expect(queryGroups("mezcal")).toEqual([["mezcal"]]);
  });

  it("keeps a soft drink apart from a soft market", () => {
    expect(queryGroups("soft drinks")).toEqual([["softdrink"]]);
  });
});

describe("a recap's tables are read as sentences", () => {
  it("turns each row into a sentence with its column names", () => {
    const table = ["| Region | Q3 | Q4 |", "|---|---|---|", "| North | Up | Flat |", "| South | Down | Up |"].join(
      "\n",
    );
    expect(tableSentences(`Intro.\n${table}\nAfter.`)).toBe(
      "Intro.\n\nNorth (Region) — Q3: Up; Q4: Flat.\nSouth (Region) — Q3: Down; Q4: Up.\nAfter.",
    );
    const unlabelled = ["| | Us | Them |", "|---|---|---|", "| Focus | Gin | Rum |"].join("\n");
    expect(tableSentences(unlabelled).trim()).toBe("Focus — Us: Gin; Them: Rum.");
  });

  it("answers from a table cell", () => {
    expect(ask("which way did holiday facings go for the under-$15 band")).toContain("Volume anchor");
  });
});

describe("sentences are not cut at abbreviations", () => {
  it("splits after a full stop, not after an initial, 'vs.' or a 'U.S.' the sentence goes on from", () => {
    expect(
      "Run by Ben E. Keith Co. in Texas. It grew in the U.S. market vs. last year. Next".split(SENTENCE_END),
    ).toEqual(["Run by Ben E. Keith Co. in Texas.", "It grew in the U.S. market vs. last year.", "Next"]);
  });
});

describe("a ranking narrowed by what the data holds in prose", () => {
  it("ranks the distributors that carry a supplier, and quotes what their profiles claim", () => {
    const answer = ask("who's the biggest Bud wholesaler");
    expect(answer).toContain("## The largest distributors of Anheuser-Busch");
    expect(answer).toContain("[Silver Eagle Distributors]");
    expect(answer).toContain("**What the profiles say**");
    expect(answer).toMatch(/largest (?:independent )?Anheuser-Busch (?:wholesaler|house)/);
    // Southern Glazer's (#1) carries no Anheuser-Busch: it is not the answer.
    expect(answer).not.toContain("Southern Glazer's");
  });

  it("leads with the highest-ranked carrier when the profiles make no claim", () => {
    expect(ask("largest distributor carrying molson coors")).toContain(
      "names Molson Coors Beverage Company among its principal suppliers is **Reyes Beverage Group** (#3)",
    );
  });
});

describe("a question about one company reads its profile for the answer", () => {
  it("quotes the profile sentence on what was asked", () => {
    expect(ask("what did redwood pay for silver eagle?")).toContain("for about $1 billion");
  });
});

describe("deep research on a question of several parts", () => {
  it("dates only the part that names a period", async () => {
    const answer = ask(
      "research canned cocktails: which state rules apply to spirits cans, and what launched this quarter",
      true,
    );
    expect(links(answer)).toContain(await recapUrl("Canned Cocktails Go Spirits-Based"));
    expect(links(answer)).toContain(await recapUrl("RTD Launches"));
  });

  it("writes a report on companies compared, with their numbers in it", async () => {
    const answer = ask("deep research: diageo vs pernod in the slowdown", true);
    expect(answer).toContain("### Companies involved");
    expect(answer).toContain("ranks above");
    expect(links(answer)).toContain(await recapUrl("Premium Spirits Slowdown"));
  });
});

describe("a question for the podcast", () => {
  it("quotes what was said as well as what the episode is about", async () => {
    for (const [title, q] of [
      ["Distributor consolidation in sixty", "that daily shot on distributor consolidation, what did it say?"],
      ["No and low finds", "daily shot, the no and low one: what did they say on it"],
    ] as const) {
      const id = await idOf("podcast_episodes", "title", title);
      const said = ask(q).split("**Sources**")[0]!;
      // The description and a moment of the transcript, each quoted.
      expect(said, q).toContain(`(/podcast?episode=${id}#episode-${id})`);
      expect(said, q).toMatch(new RegExp(`\\(/podcast\\?episode=${id}#episode-${id}&t=\\d+\\)`));
    }
  });
});
