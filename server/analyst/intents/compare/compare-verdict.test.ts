import { describe, expect, it } from "vitest";
import { COMPANIES } from "../../../content/companies.server.ts";
import { analystAnswer } from "../../builtin-analyst.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { compareVerdict } from "./compare-verdict.ts";

const byName = (name: string) => COMPANIES.find((c) => c.name === name)!;
const OLDER = { measure: "age", more: true, said: "older" } as const;
const NEWER = { measure: "age", more: false, said: "newer" } as const;

describe("a comparison's verdict, from the typed founding years", () => {
  it("names the older (or newer) company first, with each year cited to its profile", () => {
    const verdict = compareVerdict([byName("Anheuser-Busch"), byName("D.G. Yuengling & Son")], OLDER)!;
    expect(verdict).toMatch(
      /^\*\*D\.G\. Yuengling & Son is older\*\*: founded in 1829 \(\[D\.G\. Yuengling & Son: Founded\]\(\/explorer\?company=24\)\), Anheuser-Busch in 1852/,
    );
    expect(compareVerdict([byName("Sazerac Company"), byName("Brown-Forman")], NEWER)).toMatch(
      /^\*\*Brown-Forman is newer\*\*: founded in 1870/,
    );
  });

  it("orders three or more, and says which year is not published", () => {
    const verdict = compareVerdict(
      [byName("Brown-Forman"), byName("Mark Anthony Brands"), byName("Sazerac Company"), byName("Gallo")],
      OLDER,
    )!;
    expect(verdict).toMatch(/^\*\*Sazerac Company is the oldest\*\*: founded in 1850/);
    expect(verdict).toMatch(/then Brown-Forman in 1870 .*and Gallo in 1933/);
    expect(verdict).toContain("The founding year of Mark Anthony Brands is not published in the hub's sources.");
  });

  it("says a company formed later goes back further through the business it grew from", () => {
    const verdict = compareVerdict([byName("Molson Coors Beverage Company"), byName("Anheuser-Busch")], OLDER)!;
    expect(verdict).toMatch(/^\*\*Anheuser-Busch is older\*\*/);
    expect(verdict).toContain(
      "Counting the business it grew from, Molson Coors Beverage Company goes back further, to 1786.",
    );
  });

  it("gives no verdict when fewer than two years are known", () => {
    expect(compareVerdict([byName("Mark Anthony Brands"), byName("Fedway Associates")], OLDER)).toBe(
      "The hub cannot say which is older: the founding year of Mark Anthony Brands and Fedway Associates is not published in its sources.",
    );
  });
});

describe("asked in the analyst's own words", () => {
  const hub = demoHub("compare-verdict-");
  it("leads the answer with the verdict, however the comparison is worded", () => {
    const { index } = hub;
    for (const question of [
      "Which is older, Yuengling or Anheuser-Busch?",
      "which has been around longer: anheuser-busch or yuengling",
      "Was Yuengling founded before Anheuser-Busch?",
    ]) {
      const answer = analystAnswer(index, question, false).markdown;
      expect(answer.split("\n")[2], question).toMatch(/^\*\*D\.G\. Yuengling & Son is older\*\*: founded in 1829/);
    }
    // "Newest" without two companies asks for no comparison.
    expect(analystAnswer(index, "What are the newest recaps?", false).markdown).not.toContain("is newer");
  });

  it("orders companies by a figure each profile gives, cited to the part that states it, and says which give none", () => {
    const CASES = { measure: "cases", more: true, said: "moves the most" } as const;
    const verdict = compareVerdict(
      [byName("Heidelberg Distributing"), byName("Reyes Beverage Group"), byName("Andrews Distributing")],
      CASES,
    )!;
    expect(verdict).toMatch(
      /^\*\*Reyes Beverage Group sells the most by volume\*\*: 217 million cases \(\[Reyes Beverage Group: /,
    );
    expect(verdict).toMatch(
      /then Heidelberg Distributing 27 million cases .* and Andrews Distributing 26 million cases/,
    );
    expect(verdict).toContain("Each figure is its profile's own, of its own year and source.");
    const STATES = { measure: "states", more: false, said: "fewer states" } as const;
    expect(
      compareVerdict(
        [byName("Southern Glazer's Wine & Spirits"), byName("Republic National Distributing Company")],
        STATES,
      ),
    ).toMatch(/^\*\*Republic National Distributing Company serves fewer states\*\*: 38 states/);
    const SHARE = { measure: "share", more: true, said: "bigger share" } as const;
    expect(compareVerdict([byName("The Boston Beer Company"), byName("Mark Anthony Brands")], SHARE)).toMatch(
      /^\*\*Mark Anthony Brands has the larger share\*\*: a 6\.75% share .*The Boston Beer Company a 5\.21% share/,
    );
    const EMPLOYEES = { measure: "employees", more: true, said: "more employees" } as const;
    expect(compareVerdict([byName("Reyes Beverage Group"), byName("Glazer's Beer and Beverage")], EMPLOYEES)).toBe(
      "The hub cannot say which has more employees: Glazer's Beer and Beverage publishes no such figure in the hub's sources.",
    );
  });
});
