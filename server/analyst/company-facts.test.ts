import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { numberCitations } from "#common/chat/citation-numbers.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import { citedPassage } from "../chat/citations.ts";
import { factIntents } from "./company-facts.ts";
import { generatedFactQuestions } from "./fact-questions.ts";
import { PROFILE_PARTS, companyPassage } from "./hub-corpus.ts";
import { buildHubIndex } from "./hub-index.ts";

// The company data alone: these answers must not depend on what the recaps say.
const index = buildHubIndex(COMPANIES.map(companyPassage));
const ask = (question: string) => analystAnswer(index, question, false).markdown;

describe("answers from the company data", () => {
  const questions = generatedFactQuestions();
  const forms = [...new Set(questions.map((q) => q.form))];

  it("generates every form for every company", () => {
    expect(forms).toEqual([
      "owner",
      "headquarters",
      "founded",
      "size",
      "brands",
      "rank",
      "brand owner",
      "compare",
      "ranking",
      "state ranking",
    ]);
    expect(questions.length).toBeGreaterThan(50 * 6 + 100);
  });

  for (const form of forms) {
    it(`answers every "${form}" question right`, () => {
      const wrong = questions
        .filter((q) => q.form === form)
        .flatMap((q) => {
          const answer = ask(q.question);
          const missing = q.mustContain.filter((fact) => !answer.includes(fact));
          return missing.length ? [`${q.question} -> missing ${missing.join(" | ")}`] : [];
        });
      expect(wrong).toEqual([]);
    });
  }

  it("answers the questions a trade reader asked (issue 15)", () => {
    const largest = ask("Who are the largest beverage alcohol distributors in the U.S.?");
    for (const name of [
      "Southern Glazer's Wine & Spirits",
      "Republic National Distributing Company",
      "Breakthru Beverage Group",
    ])
      expect(largest).toContain(name);
    expect(largest.indexOf("Southern Glazer's")).toBeLessThan(largest.indexOf("Republic National"));
    expect(largest).not.toContain("Hensley");

    const titos = ask("Who owns Tito's?");
    expect(titos).toContain("Bert 'Tito' Beveridge");
    expect(titos).toContain("](/explorer?company=14)");

    const sgws = ask("How big is Southern Glazer's?");
    expect(sgws).toContain("~$26 billion (2024");

    const texas = ask("What's the biggest distributor in Texas?");
    expect(texas).toContain("the highest-ranked one in Texas is **Republic National Distributing Company** (#2)");

    expect(ask("Top 3 distributors")).toMatch(/## The top 3 U\.S\. alcohol distributors[\s\S]*3\. \*\*\[Reyes/);
  });

  it("reads what a question asks for", () => {
    expect(factIntents("Where is Diageo based and when was it founded?")).toEqual(["headquarters", "founded"]);
    expect(factIntents("What's trending in tequila in New York?")).toEqual([]);
    expect(factIntents("Premium spirits market slowdown analysis")).toEqual([]);
    expect(factIntents("Top RTD launches this quarter")).toEqual([]);
  });

  it("ends with follow-up questions the hub can answer", () => {
    const answer = ask("Where is Brown-Forman headquartered?");
    const followUps = answer
      .split("**You could also ask**")[1]!
      .trim()
      .split("\n")
      .map((l) => l.replace(/^- /, ""));
    expect(followUps.length).toBeGreaterThanOrEqual(2);
    expect(followUps.length).toBeLessThanOrEqual(3);
    for (const q of followUps) expect(ask(q), q).not.toContain("No coverage yet");
  });
});

// Issue 37, point 5: a company-fact answer cites each fact like any other answer, and the number
// shows the profile's sentence that states it, not the profile's opening.
describe("numbered citations of the company data", () => {
  const cited = (question: string) =>
    numberCitations(ask(question)).citations.map((c) => ({ ...c, passage: citedPassage(index, c.href, c.label) }));

  it("numbers who owns a brand, and each number quotes the profile's fact", () => {
    const sazerac = COMPANIES.find((c) => c.name === "Sazerac Company")!;
    const citations = cited("Who owns Buffalo Trace?");
    expect(citations.map((c) => c.label)).toEqual([
      "Sazerac Company: Key brands",
      "Sazerac Company: Headquarters",
      "Sazerac Company: Rank basis",
      "Sazerac Company: Owner",
    ]);
    for (const c of citations) expect(c.href).toBe(`/explorer?company=${sazerac.id}`);
    const quotes = Object.fromEntries(citations.map((c) => [c.passage!.section, c.passage!.quote]));
    expect(quotes["Owner"]).toBe(`Ownership: ${sazerac.ownership}.`);
    expect(quotes["Key brands"]).toContain("Buffalo Trace");
    expect(quotes["Headquarters"]).toBe(`Sazerac Company is a manufacturer based in ${sazerac.location}.`);
    expect(quotes["Rank basis"]).toContain(sazerac.claims!.rankBasis.text.slice(0, 60));
    // The answer's list of sources carries the numbers that cite the profile.
    expect(numberCitations(ask("Who owns Buffalo Trace?")).markdown).toContain(
      `- \\[1, 2, 3, 4\\] [Sazerac Company](/explorer?company=${sazerac.id})`,
    );
  });

  it("cites every generated fact question's answer to facts of the profile it answers from", () => {
    const forms = new Set(["owner", "headquarters", "founded", "size", "brands", "rank", "brand owner"]);
    const wrong = generatedFactQuestions()
      .filter((q) => forms.has(q.form))
      .flatMap((q) => {
        const citations = cited(q.question);
        const bad = citations.filter(
          (c) => !c.passage || !(PROFILE_PARTS as readonly string[]).includes(c.passage.section ?? ""),
        );
        if (!citations.length) return [`${q.question} -> no citation`];
        return bad.map((c) => `${q.question} -> ${c.label} quotes no fact`);
      });
    expect(wrong).toEqual([]);
  }, 30_000); // hundreds of generated questions, each answered: seconds on a busy machine

  it("quotes the fact a question asks for", () => {
    for (const c of COMPANIES) {
      const owner = cited(`Who owns ${c.name}?`).find((x) => x.label === `${c.name}: Owner`);
      expect(owner?.passage?.quote, c.name).toContain(c.ownership.slice(0, 100));
      const founded = cited(`When was ${c.name} founded?`).find((x) => x.label === `${c.name}: Founded`);
      expect(founded?.passage?.quote, c.name).toBe(`Founded: ${c.profile!.founded}.`);
    }
  });
});

describe("rankings narrowed by a state", () => {
  it("names the highest-ranked manufacturer based in a state, and says so when none is", () => {
    const kentucky = COMPANIES.filter((c) => c.type === "manufacturer" && c.location.endsWith(", KY"));
    expect(kentucky.length).toBeGreaterThan(0);
    const answer = ask("highest ranked manufacturer based in kentucky?");
    expect(answer).toContain("## The largest manufacturers based in Kentucky");
    // The first one named is the one of them the table ranks highest.
    const first = /is \*\*(.+?)\*\* \(#(\d+)\)/.exec(answer)!;
    const ranks = kentucky.map((c) => ({ name: c.name, at: answer.indexOf(`**[${c.name}]`) }));
    expect(ranks.every((r) => r.at > 0)).toBe(true);
    expect(first[1]).toBe(ranks.sort((a, b) => a.at - b.at)[0]!.name);
    expect(ask("biggest manufacturer headquartered in Alaska")).toContain(
      "None of the hub's top 25 U.S. alcoholic beverage manufacturers is based in Alaska.",
    );
  });
});
