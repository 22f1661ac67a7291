import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../db/seed.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import { companiesNamed, companyAliases } from "./company-names.ts";
import { COMPANIES } from "../content/companies.ts";
import { HubKnowledge } from "./hub-index.ts";

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

const links = (markdown: string) => [...markdown.matchAll(/\]\((\/[^)]+)\)/g)].map((m) => m[1]!);
const recapIdByHeadline = async (fragment: string) => {
  const row = await database.db.selectFrom("weekly_summaries").select("id").where("headline", "like", `%${fragment}%`).executeTakeFirstOrThrow();
  return row.id;
};

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
    const answer = analystAnswer(await knowledge.get(), "What's trending in tequila in New York?", false);
    expect(answer).toMatch(/^## What's trending in tequila in New York/);
    expect(links(answer)).toContain(`/recap/${await recapIdByHeadline("Tequila's New York")}`);
    expect(links(answer).some((l) => l.startsWith("/podcast?episode="))).toBe(true);
    expect(answer).toMatch(/agave/i);
  });

  it("compares two named companies in a table, citing the recap and both profiles", async () => {
    const answer = analystAnswer(await knowledge.get(), "Compare the recent activity of Diageo and Pernod Ricard", false);
    expect(answer).toContain("| | [Diageo North America](/explorer?company=4) | [Pernod Ricard USA](/explorer?company=9) |");
    expect(answer).toMatch(/\| Recent developments \|/);
    expect(links(answer)).toContain(`/recap/${await recapIdByHeadline("Two Giants")}`);
  });

  it("answers the RTD and premium-slowdown prompts from their recaps", async () => {
    const rtd = analystAnswer(await knowledge.get(), "Top RTD launches this quarter", false);
    expect(links(rtd)).toContain(`/recap/${await recapIdByHeadline("RTD Launches")}`);
    const slowdown = analystAnswer(await knowledge.get(), "Premium spirits market slowdown analysis", false);
    expect(links(slowdown)).toContain(`/recap/${await recapIdByHeadline("Premium Spirits Slowdown")}`);
    expect(slowdown).toMatch(/depletion/i);
  });

  it("says honestly when the hub has no coverage, with suggestions", async () => {
    const answer = analystAnswer(await knowledge.get(), "What about kombucha regulations in Alaska?", false);
    expect(answer).toContain("The hub has no coverage of “What about kombucha regulations in Alaska” yet");
    expect(answer).toContain("- Top RTD launches this quarter");
  });

  it("writes a longer, sectioned report for deep research", async () => {
    const answer = analystAnswer(await knowledge.get(), "What's trending in tequila in New York?", true);
    for (const section of ["### Summary", "### What the recaps say", "### Companies involved", "### Podcast coverage", "### Sources"]) expect(answer).toContain(section);
    expect(answer.length).toBeGreaterThan(analystAnswer(await knowledge.get(), "What's trending in tequila in New York?", false).length);
  });

  it("sees a newly published recap on the next question", async () => {
    expect(analystAnswer(await knowledge.get(), "mezcal copitas in Oaxaca", false)).toContain("No coverage yet");
    const { recap } = await createRecap(database.db, { date: "2026-12-01", headline: "Mezcal copitas travel north", content: "## Oaxaca\n\nMezcal copitas from Oaxaca are showing up on more back bars." });
    const answer = analystAnswer(await knowledge.get(), "mezcal copitas in Oaxaca", false);
    expect(links(answer)).toContain(`/recap/${recap.id}`);
  });
});
