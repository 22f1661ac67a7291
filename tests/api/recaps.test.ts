import { beforeAll, describe, expect, it } from "vitest";
import type { Recap } from "#server/data/recaps.server.ts";
import { ENGINES } from "../support/databases.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";

describe.each(ENGINES)("recap reads on %s", (engine) => {
  // A second connection to the server's own database, to add rows the demo lacks.
  const handle = serverWithDirectAccess(engine);

  beforeAll(async () => {
    await handle.direct.db
      .insertInto("weekly_summaries")
      .values([
        {
          date: "2020-01-03",
          headline: "ÉCLAT: Añejo Tequila in Zürich",
          content: "Unicode body",
          tags: '["Tequila"]',
        },
        {
          date: "2020-01-02",
          headline: "Discounts of 50% off",
          content: "A percent sign and an_underscore",
          snippets: null,
        },
      ])
      .execute();
  });

  const list = async (q?: string) => {
    const res = await fetch(`${handle.server.url}/api/recaps${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { recaps: Recap[] }).recaps;
  };

  it("lists every recap, newest first, with tags as a list and the image's public address", async () => {
    const recaps = await list();
    expect(recaps).toHaveLength(12);
    const dates = recaps.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(recaps[0]).toMatchObject({
      date: "2026-11-20",
      headline: "Holiday Shelf Sets Lean Into Value-Priced Premium",
    });
    // Sample content is a flag, not a topic (issue 37).
    expect(recaps[0]!.tags).toEqual(["Premiumization", "Retail", "Holiday"]);
    expect(recaps[0]!.sample).toBe(true);
    expect(recaps[0]!.blog_image_url).toBe("/media/weekly-summary-pics/2026-11-20-holiday-shelf.jpg");
    expect(recaps.find((r) => r.headline.startsWith("RTD"))!.blog_image_url).toBeNull();
  });

  it("searches headline, content and snippets, ignoring case", async () => {
    expect((await list("TEQUILA'S NEW YORK")).map((r) => r.date)).toEqual(["2026-11-13"]); // headline
    expect((await list("bottle in bond")).map((r) => r.date)).toEqual(["2026-10-16"]); // content
    expect((await list("A CAUTIOUS SHOPPER")).map((r) => r.date)).toEqual(["2026-11-20"]); // snippets only
    expect(await list("no recap says this")).toEqual([]);
    expect(await list("   ")).toHaveLength(12);
  });

  it("ignores case beyond ASCII", async () => {
    expect((await list("éclat: AÑEJO")).map((r) => r.date)).toEqual(["2020-01-03"]);
    expect((await list("zÜRICH")).map((r) => r.date)).toEqual(["2020-01-03"]);
  });

  it("takes LIKE's wildcards literally", async () => {
    expect((await list("50%")).map((r) => r.date)).toEqual(["2020-01-02"]);
    expect((await list("an_underscore")).map((r) => r.date)).toEqual(["2020-01-02"]);
    expect(await list("%")).toHaveLength(1);
    expect(await list("_")).toHaveLength(1);
  });

  it("refuses a search over 200 characters", async () => {
    const res = await fetch(`${handle.server.url}/api/recaps?q=${"a".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "q must be at most 200 characters" });
  });

  it("reads one recap by id, and answers 404 for an unknown or malformed id", async () => {
    const [first] = await list();
    const res = await fetch(`${handle.server.url}/api/recaps/${first!.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { recap: Recap }).recap).toEqual(first);
    for (const bad of ["999999", "abc", "0", "-1", "1.5", "1e3", "%00"]) {
      const miss = await fetch(`${handle.server.url}/api/recaps/${bad}`);
      expect(miss.status, bad).toBe(404);
      expect(await miss.json()).toEqual({ error: "Summary not found" });
    }
  });
});
