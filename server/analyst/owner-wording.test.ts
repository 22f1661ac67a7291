// Owners, places, prices and the podcast asked the way readers ask (issue 25, seventh round). The
// questions were written for these tests, from wrong answers found while writing them; none is taken
// from the evaluation sets.
import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../tests/support/analyst-askers.ts";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { companiesNamed } from "./company-names.ts";
import { factIntents } from "./company-facts.ts";

const hub = demoHub("owner-");
const { ask, converse, company, link } = analystAskers(hub, DEMO_NOW);

describe("owners asked for in other words", () => {
  it("reads 'whose brand is' and 'which company has' as a question about the owner", () => {
    expect(factIntents("whose brand is Grey Goose?")).toContain("owner");
    expect(factIntents("which company has Lagunitas now")).toContain("owner");
    expect(ask("which company has Lagunitas now")).toContain(link("Heineken USA"));
  });
  it("does not read 'who has more' as a question about an owner", () => {
    expect(factIntents("Boston Beer or Mark Anthony, who has more of the beer aisle?")).not.toContain("owner");
  });
  it("knows a company by the acronym it goes by", () => {
    expect(companiesNamed("did mgp buy anything big lately", hub.index.aliases)).toContain(
      company("MGP Ingredients").id,
    );
    expect(ask("what was the price of mgp's luxco deal?")).toContain("$475 million");
  });
});

describe("a question in two sentences", () => {
  it("asks of what its asking sentence names, not of the names that set the scene", () => {
    const answer = ask("Diageo has done well with Don Julio. Who owns Campari America, though?");
    expect(answer).toContain(link("Campari America"));
    expect(answer).not.toContain(link("Diageo North America"));
  });
  it("asks of the first sentence's names when the asking one points back to them", () => {
    expect(ask("I hear Campari America sells Espolòn; who is its parent company?")).toContain(link("Campari America"));
  });
});

describe("where a thing is made is not where the company is based", () => {
  it("quotes the plants, not the head office", () => {
    expect(factIntents("where are the heaven hill bourbons distilled?")).not.toContain("headquarters");
    expect(ask("where are the heaven hill bourbons distilled?")).toContain("Bernheim distillery in Louisville");
    expect(ask("where do they brew white claw?")).toContain("Hillside, New Jersey");
  });
  it("still answers where a company is based", () => {
    expect(ask("where is Heaven Hill based?")).toContain("**Headquarters:** Bardstown, KY");
  });
});

describe("a follow-up that asks something new of the last turn's company", () => {
  it("gives the price of the brand asked about, not the last turn's facts again", () => {
    const answer = converse("whose brand is patron", "and what did that run them?");
    expect(answer).toContain("$5.1 billion");
    expect(answer).not.toContain("**Key brands:**");
    expect(answer).not.toContain("The hub gives no price");
  });
  it("says the hub has no price for a brand rather than passing another deal's price off as its price", () => {
    const answer = converse("who owns Grey Goose?", "what did they pay for it?");
    expect(answer).toContain("The hub gives no price for Grey Goose.");
    expect(converse("who owns Grey Goose?", "what did they pay for Patrón?")).not.toContain("The hub gives no price");
  });
  it("reads 'how long have they existed' as the founding", () => {
    expect(converse("who makes old forester?", "how long have they existed?")).toContain("**Founded:** 1870");
  });
});

describe("rankings led by a kind of drink", () => {
  it("ranks the spirits makers for '#1 in spirits', leader first", () => {
    const answer = ask("who's #1 in spirits, and who follows?");
    expect(answer).toContain(link("Diageo North America"));
    expect(answer.indexOf(link("Diageo North America"))).toBeLessThan(answer.indexOf(link("Sazerac Company")));
  });
});

describe("the trade's words for a seltzer and a dispute", () => {
  it("reads 'hard seltzer' as the seltzer the RTD recap says is losing space", () => {
    expect(ask("has hard seltzer topped out?")).toContain("malt-based seltzers");
  });
  it("finds the dispute a reader calls a falling-out", () => {
    expect(converse("who owns fireball", "didn't they fall out with republic national?")).toContain(
      "the two sued each other",
    );
  });
});

describe("the podcast asked about by its shows", () => {
  it("names both series when asked about the shows", () => {
    const answer = ask("what shows do you have?");
    expect(answer).toContain("**The Daily Shot**");
    expect(answer).toContain("**The Weekly Pour**");
  });
});

describe("who runs a company is a person", () => {
  it("names the person who runs it, not its owner", () => {
    const answer = converse("who's behind white claw", "and who is the boss over there?");
    expect(answer).toContain("Anthony von Mandl");
  });
  it("reads a chief executive as a CEO", () => {
    expect(ask("who is the CEO of Boston Beer these days?")).toContain("Michael Spillane");
  });
  it("no longer takes 'who runs' for a question about the owner", () => {
    expect(factIntents("who runs Pernod's US arm?")).not.toContain("owner");
  });
});

describe("a question of two parts, one a fact and one not", () => {
  it("answers the fact and quotes the profile on the other part", () => {
    const answer = converse(
      "largest wine and spirits wholesaler in america?",
      "how many states do they cover, and what did they buy in new england?",
    );
    expect(answer).toContain("Horizon");
  });
});

describe("a name with a letter doubled or dropped", () => {
  it("finds Constellation spelt with one l", () => {
    expect(companiesNamed(hub.index.correct("how big is constelation?"), hub.index.aliases)).toContain(
      company("Constellation Brands").id,
    );
  });
});

describe("a price range written in words", () => {
  it("reads '30 to 40 bucks' as the price tier the recaps write in dollars", () => {
    expect(ask("how are bottles in the 25 to 40 dollar range selling?")).toContain("$25-$40");
  });
});
