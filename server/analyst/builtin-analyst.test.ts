import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../db/seed.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { everyRecap } from "../data/recaps.server.ts";
import { toRecapView } from "../data/recap-view.server.ts";
import { recapPassages } from "./hub-corpus.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import { citedPassage } from "../chat/citations.ts";
import { companiesNamed, companyAliases } from "./company-names.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { EMPTY_CONTEXT, nextContext, type ConversationContext } from "./conversation-context.ts";
import { HubKnowledge } from "./hub-index.ts";
import { DEMO_NOW } from "../../tests/support/analyst-askers.ts";

let dir: string;
let database: Database;
let knowledge: HubKnowledge;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "analyst-"));
  database = openDatabase({ dataDir: dir });
  await migrateToLatest(database.db);
  await seedDemoContent(database.db, dir);
  knowledge = new HubKnowledge(database.db);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// The pages an answer links: a recap section (`#…`) or an episode moment is its page.
const links = (markdown: string) => [...markdown.matchAll(/\]\((\/[^)#]+)/g)].map((m) => m[1]!);
const recapIdByHeadline = async (fragment: string) => {
  const row = await database.db
    .selectFrom("weekly_summaries")
    .select("id")
    .where("headline", "like", `%${fragment}%`)
    .executeTakeFirstOrThrow();
  return row.id;
};

// Issue 37, point 6: a citation of a recap's section lands on the section's heading, which the page gives an id.
describe("citations of a recap's sections", () => {
  it("link to the id the recap's page gives the section's heading, for every section of the demo's recaps", async () => {
    const recaps = await everyRecap(database.db);
    expect(recaps.length).toBeGreaterThan(5);
    for (const recap of recaps) {
      const html = toRecapView(recap).html;
      const sections = recapPassages(recap).filter((p) => p.section);
      expect(sections.length, recap.headline).toBeGreaterThan(0);
      for (const p of sections) {
        expect(p.anchor, `${recap.headline}: ${p.section}`).toBeDefined();
        expect(html).toMatch(new RegExp(`<h[23] id="${p.anchor}">${escapeHtml(p.section!)}</h[23]>`));
      }
    }
  });

  it("answers with links to the sections, and each link's passage is that section", async () => {
    const index = await knowledge.get();
    const answer = analystAnswer(index, "What's trending in tequila in New York?", false).markdown;
    const recapId = await recapIdByHeadline("Tequila's New York");
    const cited = [...answer.matchAll(/\[([^\]]+)\]\((\/recap\/\d+#[a-z0-9-]+)\)/g)];
    expect(cited.length).toBeGreaterThan(0);
    for (const [, label, href] of cited) {
      const passage = citedPassage(index, href!);
      expect(`${passage?.source}: ${passage?.section}`).toBe(label);
    }
    // The answer's list of sources names the recap itself.
    expect(answer).toMatch(new RegExp(`\\n- \\[[^\\]]+\\]\\(/recap/${recapId}\\) \\(`));
  });
});

describe("company recognition", () => {
  const aliases = companyAliases(COMPANIES);
  it("finds companies by full name, short name and brand, in the order the question names them", () => {
    expect(companiesNamed("Compare Pernod Ricard and Diageo", aliases)).toEqual([9, 4]);
    expect(companiesNamed("How is Jack Daniel's doing?", aliases)).toEqual([8]);
    expect(companiesNamed("What did Southern Glazer’s say?", aliases)).toEqual([26]);
    expect(companiesNamed("Gallo versus Constellation", aliases)).toEqual([5, 2]);
    expect(companiesNamed("What's trending in tequila in New York?", aliases)).toEqual([]);
  });
});

describe("the built-in analyst", () => {
  it("answers the tequila prompt from the tequila recap and episode, with links", async () => {
    const answer = analystAnswer(await knowledge.get(), "What's trending in tequila in New York?", false).markdown;
    expect(answer).toMatch(/^## What's trending in tequila in New York/);
    expect(links(answer)).toContain(`/recap/${await recapIdByHeadline("Tequila's New York")}`);
    expect(links(answer).some((l) => l.startsWith("/podcast?episode="))).toBe(true);
    expect(answer).toMatch(/agave/i);
  });

  it("compares two named companies in a table, citing the recap and both profiles", async () => {
    const answer = analystAnswer(
      await knowledge.get(),
      "Compare the recent activity of Diageo and Pernod Ricard",
      false,
    ).markdown;
    expect(answer).toContain(
      "| Fact | [Diageo North America](/explorer?company=4) | [Pernod Ricard USA](/explorer?company=9) |",
    );
    expect(answer).toMatch(/\| Recent developments \|/);
    // With the numbers: rank and published size.
    expect(answer).toMatch(/\| Rank \| #4 of 25 manufacturers \| #10 of 25 manufacturers \|/);
    expect(links(answer)).toContain(`/recap/${await recapIdByHeadline("Two Giants")}`);
  });

  it("answers the RTD and premium-slowdown prompts from their recaps", async () => {
    // The clock: "this quarter" is the demo's own (its RTD recap is dated November 2026).
    const rtd = analystAnswer(await knowledge.get(), "Top RTD launches this quarter", false, {
      now: DEMO_NOW,
    }).markdown;
    expect(links(rtd)).toContain(`/recap/${await recapIdByHeadline("RTD Launches")}`);
    const slowdown = analystAnswer(await knowledge.get(), "Premium spirits market slowdown analysis", false).markdown;
    expect(links(slowdown)).toContain(`/recap/${await recapIdByHeadline("Premium Spirits Slowdown")}`);
    expect(slowdown).toMatch(/depletion/i);
  });

  it("asked about a quarter the hub has nothing in, says so with the dates and points to the latest it has", async () => {
    const later = new Date("2027-11-27T12:00:00Z");
    const rtd = analystAnswer(await knowledge.get(), "Top RTD launches this quarter", false, { now: later }).markdown;
    expect(rtd).toContain("dated this quarter (2027-10-01 to 2027-12-31) yet");
    expect(rtd).toMatch(/The latest it has on this is dated 2026-11-\d\d: \[[^\]]*RTD[^\]]*\]\(\/(recap|podcast)/);
  });

  it("says honestly when the hub has no coverage, with suggestions", async () => {
    const answer = analystAnswer(await knowledge.get(), "What about kombucha regulations in Alaska?", false).markdown;
    expect(answer).toContain("The hub has no coverage of “What about kombucha regulations in Alaska” yet");
    expect(answer).toContain("- Top RTD launches this quarter");
  });

  it("narrows a topic to a place the coverage names, and says so when none names it, instead of 'No coverage'", async () => {
    const index = await knowledge.get();
    const chicago = analystAnswer(index, "What has the hub said about tequila in Chicago?", false).markdown;
    expect(chicago).not.toContain("No coverage yet");
    expect(chicago).toContain("The hub has no Chicago-specific coverage of this; on the rest of the question it says:");
    expect(chicago).toMatch(/\[Tequila's New York Moment[^\]]*\]\(\/recap\/\d+/);
    const newYork = analystAnswer(index, "What's trending in tequila in New York?", false).markdown;
    expect(newYork).not.toContain("-specific coverage");
    expect(newYork).toMatch(/\[Tequila's New York Moment[^\]]*\]\(\/recap\/\d+/);
  });

  it("answers 'No coverage' for a kind of drink the hub has never named, whatever else the question names", async () => {
    const index = await knowledge.get();
    for (const question of [
      "is baijiu showing up on restaurant menus?",
      "hard kombucha on restaurant menus in Chicago",
    ])
      expect(analystAnswer(index, question, false).markdown, question).toContain("No coverage yet");
    // A kind it has covered, beside one it has not, is answered, and the other said to be missing.
    const both = analystAnswer(index, "tequila or soju on restaurant menus?", false).markdown;
    expect(both).not.toContain("No coverage yet");
    expect(both).toContain("Nothing in the hub mentions “soju”");
  });

  it("places beside a named company only the companies whose profiles name it, not those that share its words", async () => {
    const index = await knowledge.get();
    const answer = analystAnswer(
      index,
      "deep research on diageo versus pernod ricard: their brands and strategy",
      true,
    );
    const linked = links(answer.markdown);
    const id = (name: string) => `/explorer?company=${COMPANIES.find((c) => c.name === name)!.id}`;
    expect(linked).toEqual(expect.arrayContaining([id("Diageo North America"), id("Pernod Ricard USA")]));
    for (const unrelated of ["Heaven Hill Brands", "Constellation Brands", "Mark Anthony Brands"])
      expect(linked, unrelated).not.toContain(id(unrelated));
  });

  it("answers a question on a kind of drink that names a company in passing from the recaps on the drink", async () => {
    const answer = analystAnswer(await knowledge.get(), "is tequila cooling off? even Casamigos looked flat", false);
    expect(links(answer.markdown)).toContain(`/recap/${await recapIdByHeadline("Tequila's New York Moment")}`);
  });

  it("writes a longer, sectioned report for deep research", async () => {
    const answer = analystAnswer(await knowledge.get(), "What's trending in tequila in New York?", true).markdown;
    for (const section of [
      "### Summary",
      "### What the recaps say",
      "### Companies involved",
      "### Podcast coverage",
      "### Sources",
    ])
      expect(answer).toContain(section);
    expect(answer.length).toBeGreaterThan(
      analystAnswer(await knowledge.get(), "What's trending in tequila in New York?", false).markdown.length,
    );
  });

  it("sees a newly published recap on the next question", async () => {
    expect(analystAnswer(await knowledge.get(), "mezcal copitas in Oaxaca", false).markdown).toContain(
      "No coverage yet",
    );
    const { recap } = await createRecap(database.db, {
      date: "2026-12-01",
      headline: "Mezcal copitas travel north",
      content: "## Oaxaca\n\nMezcal copitas from Oaxaca are showing up on more back bars.",
    });
    const answer = analystAnswer(await knowledge.get(), "mezcal copitas in Oaxaca", false).markdown;
    expect(links(answer)).toContain(`/recap/${recap.id}`);
  });
});

describe("retrieval that reads the trade's words", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const ask = async (question: string) => analystAnswer(await knowledge.get(), question, false, { now }).markdown;

  it("matches word forms (tariffs finds the tariff recap) and the trade's synonyms", async () => {
    const tariff = `/recap/${await recapIdByHeadline("Tariff Watch")}`;
    expect(links(await ask("What did the recaps say about tariffs?"))).toContain(tariff);
    expect(links(await ask("Any news on levies for Scotch?"))).toContain(tariff);
    const rtd = `/recap/${await recapIdByHeadline("RTD Launches")}`;
    expect(links(await ask("Which ready-to-drink cocktails launched?"))).toContain(rtd);
    const noLow = `/recap/${await recapIdByHeadline("Non-Alc")}`;
    expect(links(await ask("How is alcohol-free beer selling?"))).toContain(noLow);
    expect(links(await ask("What's new in NA beer?"))).toContain(noLow);
    const tequila = `/recap/${await recapIdByHeadline("Tequila's New York")}`;
    expect(links(await ask("What are bars in New York pouring?"))).toContain(tequila);
  });

  it("keeps weak matches out: a question about NA beer does not bring every passage that says beer", async () => {
    const answer = await ask("What's new in NA beer?");
    expect(links(answer)).not.toContain(`/recap/${await recapIdByHeadline("Tequila's New York")}`);
    expect(await ask("What is happening with sake breweries in Nevada?")).toContain("No coverage yet");
  });

  it("reads periods by the recaps' dates", async () => {
    const rtd = `/recap/${await recapIdByHeadline("RTD Launches")}`; // dated 2026-11-06
    const thisMonth = await ask("RTD launches this month");
    expect(thisMonth).toContain("dated this month (2026-11-01 to 2026-11-30)");
    expect(links(thisMonth)).toContain(rtd);
    const lastMonth = await ask("RTD launches last month");
    expect(lastMonth).toContain("No coverage yet");
    expect(lastMonth).toContain("dated last month (2026-10-01 to 2026-10-31)");

    const published = await ask("What happened last week?");
    expect(published).toContain("## Published last week");
    const dates = [...published.matchAll(/\((\d{4}-\d{2}-\d{2})\)/g)].map((m) => m[1]!);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date >= "2026-11-09" && date <= "2026-11-15", date).toBe(true);
  });
});

describe("follow-up questions", () => {
  const turn = async (context: ConversationContext, question: string) => {
    const reply = analystAnswer(await knowledge.get(), question, false, { context });
    return { markdown: reply.markdown, context: nextContext(context, reply.about, question, reply.markdown) };
  };

  it("resolves 'their' to the company of the last turn, and 'what about X?' to the last question about X", async () => {
    let t = await turn(EMPTY_CONTEXT, "Who owns Tito's?");
    t = await turn(t.context, "And their key brands?");
    expect(t.markdown).toContain("**Key brands:** Tito's Handmade Vodka");

    t = await turn(EMPTY_CONTEXT, "How big is Southern Glazer's?");
    t = await turn(t.context, "What about Breakthru?");
    expect(t.markdown).toContain("~$8.2 billion (2023)");
    expect(t.markdown).toContain("](/explorer?company=29)");

    t = await turn(EMPTY_CONTEXT, "Where is Diageo headquartered?");
    t = await turn(t.context, "what about Pernod?");
    expect(t.markdown).toContain("**Headquarters:** New York, NY");
    expect(t.markdown).toContain("Pernod Ricard USA");
    expect(t.context.history).toHaveLength(4);
  });

  it("treats a new question as new", async () => {
    let t = await turn(EMPTY_CONTEXT, "Who owns Tito's?");
    t = await turn(t.context, "What's trending in tequila in New York?");
    expect(t.markdown).not.toContain("Bert 'Tito' Beveridge");
  });
});

describe("what was said in the episodes", () => {
  it("answers from a transcript and cites the show and the moment", async () => {
    const row = await database.db
      .selectFrom("podcast_episodes")
      .select("id")
      .where("title", "like", "%Holiday resets%")
      .executeTakeFirstOrThrow();
    const answer = analystAnswer(
      await knowledge.get(),
      "Who is the cautious shopper buying for the holidays?",
      false,
    ).markdown;
    expect(answer).toContain("Premium enough to gift, priced for a cautious shopper.");
    // The cue that says "cautious shopper" (0:11), not the one where the quote begins (0:04).
    expect(answer).toContain(`The Daily Shot, 0:11](/podcast?episode=${row.id}#episode-${row.id}&t=11)`);
  });

  // Issue 37, point 7: the quote of a transcript cites the second its asked words are said, within
  // 2 s, wherever they stand in the quote; it cited where the quote's passage begins.
  it("cites the second the asked words are said, by the demo's timed transcripts", async () => {
    const index = await knowledge.get();
    const cases = [
      [
        "did the weekly pour call the premium slowdown a reset or a collapse?",
        "Reading the premium slowdown",
        "a reset rather than a collapse",
      ],
      ["what did the podcast say about the spicy margarita?", "Tequila's New York moment", "spicy margarita"],
      ["Who is the cautious shopper buying for the holidays?", "Holiday resets", "a cautious shopper"],
    ] as const;
    for (const [question, title, words] of cases) {
      const row = await database.db
        .selectFrom("podcast_episodes")
        .select(["id", "transcript"])
        .where("title", "like", `%${title}%`)
        .executeTakeFirstOrThrow();
      const transcript = parseTranscript(row.transcript!);
      if (transcript.kind !== "timed") throw new Error(`${title} has no timed transcript`);
      const said = transcript.cues.find((cue) => cue.text.includes(words))!;
      const answer = analystAnswer(index, question, false).markdown;
      const cited = new RegExp(`\\(/podcast\\?episode=${row.id}#episode-${row.id}&t=(\\d+)\\)`).exec(answer);
      expect(cited, question).not.toBeNull();
      const second = Number(cited![1]);
      expect(second, question).toBeLessThanOrEqual(said.start);
      expect(said.start - second, question).toBeLessThan(2);
      // Hovering the number shows the words asked about.
      const passage = citedPassage(index, cited![0].slice(1, -1));
      expect(passage?.quote, question).toContain(words);
    }
  });
});
