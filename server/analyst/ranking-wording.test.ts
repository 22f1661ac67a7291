// Rankings, comparisons and research asked with a filter or a measure (issue 25, fifth round).
// Each block pins one cause, with questions written for these tests (not taken from the
// evaluation sets).
import { describe, expect, it } from "vitest";
import { analystAskers } from "../../tests/support/analyst-askers.ts";
import { demoHub } from "../../tests/support/demo-hub.ts";
import { queryGroups } from "./hub-index.ts";
import { categoriesAsked, measureAsked, measureOf } from "./ranking-filters.ts";
import { stateIn } from "./us-states.ts";

const hub = demoHub("ranking-");

const { ask, company, link } = analystAskers(hub);

describe("a ranking by a measure other than revenue", () => {
  it("ranks wholesalers by their workforce, quoting each figure", () => {
    const answer = ask("whose payroll is largest among wholesalers - which has the most staff?");
    expect(answer).toContain("~24,000");
    expect(answer.indexOf(link("Southern Glazer's Wine & Spirits"))).toBeLessThan(
      answer.indexOf(link("Reyes Beverage Group")),
    );
  });
  it("reads the measure and its figure from the data", () => {
    expect(measureAsked("which houses ship the most cases")).toBe("cases");
    expect(measureAsked("distributors covering the most states")).toBe("states");
    expect(measureOf(company("Bacardi USA"), "cases")?.value).toBe(17.8);
  });
});

describe("a ranking narrowed by a category", () => {
  it("lists the wine makers, not the whole table", () => {
    const answer = ask("name the biggest wineries you track, in order");
    expect(categoriesAsked("name the biggest wineries")).toEqual(["wine"]);
    expect(answer).toContain(link("The Wine Group"));
    expect(answer).not.toContain(link("Anheuser-Busch"));
  });
  it("keeps a beer house out of a wine-and-spirits list, even with a company named in passing", () => {
    const answer = ask("top 3 wine & spirits wholesalers? i know rndc is #2");
    expect(answer).toContain(link("Breakthru Beverage Group"));
    expect(answer).not.toContain(link("Reyes Beverage Group"));
  });
  it("lists only the listed companies when asked for publicly traded ones", () => {
    const answer = ask("rank the publicly traded brewers and distillers you follow");
    expect(answer).toContain(link("MGP Ingredients"));
    expect(answer).not.toContain(link("Gallo"));
  });
});

describe("a state written in lower case", () => {
  it("reads a postal code before 'state' and one that is no English word", () => {
    expect(stateIn("wholesalers in tx state")?.name).toBe("Texas");
    expect(stateIn("anyone big in nj?")?.name).toBe("New Jersey");
    expect(stateIn("what's going on in me")).toBeUndefined();
  });
});

describe("comparisons of owners named by their brands", () => {
  it("compares the companies behind two brands, with both figures", () => {
    const answer = ask("which is larger, the maker of Twisted Tea or the Woodford Reserve company?");
    expect(answer).toContain("## The Boston Beer Company vs. Brown-Forman");
    expect(answer).toContain("| Size |");
    expect(answer).toContain("$2.01 billion");
    expect(answer).toContain("$3.98 billion");
    // Sazerac publishes no sales figure; the Forbes estimate once quoted rested only on a copy of
    // Forbes's page (issue 37), so the comparison says so rather than giving a figure.
    const fireball = ask("which is larger, the maker of Fireball or the Woodford Reserve company?");
    expect(fireball).toContain("## Sazerac Company vs. Brown-Forman");
    expect(fireball).toMatch(/\| Size \| no published sales figure \| \$4\.18 billion [^|]*\$3\.98 billion/);
  });
  it("shows how many states each distributor covers", () => {
    expect(ask("compare sgws with breakthru")).toMatch(/\| Coverage \| 44 U\.S\. states/);
  });
});

describe("deep research on a question of several parts", () => {
  it("counts words of one synonym group once", () => {
    expect(queryGroups("the whiskey glut and the surplus of stock")).toHaveLength(2);
  });
  it("answers a research question with an everyday verb in it, and quotes the profiles its parts find", () => {
    const answer = ask(
      "research brief: the tequila boom - which brand owners are exposed, how bars are pouring it, and where it might shake out",
      true,
    );
    expect(answer).not.toContain("No coverage yet");
    expect(answer).toContain("### Companies involved");
    expect(
      new Set([...answer.matchAll(/\]\((\/explorer\?company=\d+|\/recap\/\d+)\)/g)].map((m) => m[1])).size,
    ).toBeGreaterThanOrEqual(4);
  });
});

describe("a ranking of companies, not of drinks", () => {
  it("ranks the makers of a kind of drink when the question asks who, and leaves a question on drinks to the recaps", () => {
    const { routed, context } = analystAskers(hub);
    expect(context("Who's #1 in spirits?").query.intent).toBe("place");
    expect(context("who are the biggest in beer?").query.intent).toBe("ranking");
    expect(context("what's the biggest vodka maker?").query.intent).toBe("ranking");
    const drinks = routed("in the no-alc aisle, what's actually leading: NA beer or zero-proof spirits?");
    expect(drinks.intent).toBe("topic");
    expect(drinks.markdown).not.toContain("## The largest");
  });
});
