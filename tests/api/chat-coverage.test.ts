import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { adminSite } from "../support/admin-site.ts";
import { ENGINES } from "../support/databases.ts";
import { testToday } from "../support/clock.ts";

// "What has the hub said about X?" (issue 26): Ask Eddy answers from the same
// coverage index as the profiles, through the real chat API and database.
describe.each(ENGINES)("Ask Eddy's coverage questions on %s", (engine) => {
  const admin = adminSite(engine);
  const ask = async (message: string) => {
    const res = await fetch(`${admin.site.server.url}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        message,
        uuid: randomUUID(),
        timestamp: new Date().toISOString(),
        deepresearchStatus: "false",
        retryAttempt: 0,
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { output: string }).output;
  };
  const idOf = (name: string) => COMPANIES.find((c) => c.name === name)!.id;
  const DIAGEO = "Diageo North America";

  it("lists the recaps that name a company, linked, with how many there are", async () => {
    const answer = await ask("What has the hub said about Diageo?");
    expect(answer).toContain(`## What the hub has said about ${DIAGEO}`);
    expect(answer).toMatch(/named in \d+ recaps? and \d+ podcast episodes?/);
    expect(answer).toMatch(/\(\[Diageo and Pernod Ricard: Two Giants, Two Playbooks\]\(\/recap\/\d+\)\)/);
    expect(answer).toContain(`(/explorer?company=${idOf(DIAGEO)})`);
  });

  it("counts a new recap that names the company by a brand at once, and keeps to the period asked", async () => {
    const today = testToday();
    const { status } = await admin.json("POST", "/api/admin/recaps", {
      date: today,
      headline: "Holiday whisky gifting",
      content: "Sample content for a test. Crown Royal gift packs sold through early.",
    });
    expect(status).toBe(201);
    const answer = await ask("what has the hub said about diageo this year?");
    expect(answer).toContain(`## What the hub has said about ${DIAGEO} this year`);
    expect(answer).toMatch(/“[^”]*Crown Royal[^”]*” \(\[Holiday whisky gifting\]\(\/recap\/\d+\)\)/);
  });

  it("says so when the hub has not covered a company, and still answers fact questions from the data", async () => {
    const res = await fetch(`${admin.site.server.url}/api/companies`);
    const { companies } = (await res.json()) as { companies: Array<{ id: number; name: string }> };
    let uncovered: string | undefined;
    for (const c of companies) {
      const coverage = (await (await fetch(`${admin.site.server.url}/api/companies/${c.id}/coverage`)).json()) as {
        totals: { recaps: number; episodes: number };
      };
      if (coverage.totals.recaps + coverage.totals.episodes === 0) {
        uncovered = c.name;
        break;
      }
    }
    expect(uncovered).toBeDefined();
    expect(await ask(`Has the hub covered ${uncovered}?`)).toContain(`The hub has not covered ${uncovered} yet`);
    expect(await ask("Where is Diageo headquartered?")).not.toContain("What the hub has said");
  });
});
