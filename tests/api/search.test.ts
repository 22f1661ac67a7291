import { beforeAll, describe, expect, it } from "vitest";
import type { EpisodeHit, SearchResponse, TopicHit } from "#common/search/site-search.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { ENGINES } from "../support/databases.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";

describe.each(ENGINES)("site search API on %s", (engine) => {
  const handle = serverWithDirectAccess(engine);

  beforeAll(async () => {
    await handle.direct.db
      .insertInto("weekly_summaries")
      .values([
        // Newer than every demo recap, but "bourbon" only inside a longer word: ranked after whole-word matches.
        { date: "2026-11-27", headline: "Bourbonism as a lifestyle", content: "Lifestyle brands." },
        // Found by its tag alone.
        { date: "2020-01-03", headline: "ÉCLAT in Zürich", content: "Unicode body.", tags: '["Mezcal Watch"]' },
        // One topic spelt two ways: named as most items spell it, found by the other spelling too.
        { date: "2020-01-04", headline: "Orchard notes", content: "Apples.", tags: '["Craft Cider"]' },
        { date: "2020-01-05", headline: "Orchard notes again", content: "Pears.", tags: '["Craft Cider"]' },
        { date: "2020-01-06", headline: "Orchard notes, hyphenated", content: "Quinces.", tags: '["Craft-Cider"]' },
      ])
      .execute();
  });

  const search = async (query: string) => {
    const res = await fetch(`${handle.server.url}/api/search?${query}`);
    return { status: res.status, body: (await res.json()) as SearchResponse & { error?: string } };
  };
  const ok = async (query: string) => {
    const { status, body } = await search(query);
    expect(status, body.error).toBe(200);
    return body;
  };
  const group = (body: SearchResponse, kind: string) => body.groups.find((g) => g.kind === kind);

  it("shows a recap's markdown as text in its snippet (the demo recap's table), with the match marked", async () => {
    const body = await ok("q=holiday%20facings&kind=recap");
    const hit = group(body, "recap")!.items.find((r) => r.title.text.startsWith("Holiday Shelf Sets"))!;
    expect(hit.snippet.text).not.toMatch(/[|*#]|---|\]\(/);
    expect(hit.snippet.text).toContain("Band Holiday facings vs. last year Read-through");
    expect(hit.snippet.marks.map(([a, b]) => hit.snippet.text.slice(a, b))).toEqual(["Holiday facings"]);
  });

  it("finds recaps, episodes and companies in one answer, counted by kind, whole words first, then the newest", async () => {
    const body = await ok("q=bourbon");
    expect(body.counts.recap).toBeGreaterThanOrEqual(2);
    expect(body.counts.episode).toBeGreaterThanOrEqual(1);
    expect(body.total).toBe(body.counts.recap + body.counts.episode + body.counts.company + body.counts.topic);
    const recaps = group(body, "recap")!.items;
    expect(recaps.at(-1)!.title.text === "Bourbonism as a lifestyle" || body.counts.recap > 5).toBe(true);
    const bourbonism = recaps.findIndex((r) => r.title.text.startsWith("Bourbonism"));
    const wholeWordDates = recaps.filter((r) => r.wholeWord).map((r) => (r as { date: string }).date);
    expect(wholeWordDates).toEqual([...wholeWordDates].sort().reverse());
    if (bourbonism >= 0) expect(recaps.slice(0, bourbonism).every((r) => r.wholeWord)).toBe(true);
    expect(recaps[0]!.wholeWord).toBe(true);
    // The snippet marks the words that matched, as they are written.
    const first = recaps[0]!;
    const [start, end] = first.snippet.marks[0] ?? first.title.marks[0]!;
    const marked = (first.snippet.marks.length ? first.snippet.text : first.title.text).slice(start, end);
    expect(marked.toLowerCase()).toBe("bourbon");
  });

  it("links a transcript hit to the second its words are said", async () => {
    const body = await ok("q=SINGLE+FLAVOUR+PACKS");
    expect(body.counts).toEqual({ recap: 0, episode: 1, company: 0, topic: 0 });
    const hit = group(body, "episode")!.items[0] as EpisodeHit;
    expect(hit.seconds).toBe(10);
    expect(hit.url).toBe(`/podcast?episode=${hit.id}#episode-${hit.id}&t=10`);
    expect(hit.snippet.text.slice(...hit.snippet.marks[0]!)).toBe("single flavour packs");
  });

  it("finds companies by name, other name, key brand and headquarters", async () => {
    const idOf = (name: string) => COMPANIES.find((c) => c.name === name)!.id;
    const companies = async (q: string) =>
      (await ok(`kind=company&q=${encodeURIComponent(q)}`)).groups[0]!.items.map((i) => i.id);
    expect(await companies("sgws")).toEqual([idOf("Southern Glazer's Wine & Spirits")]);
    const fireball = await companies("fireball");
    expect(fireball[0]).toBe(idOf("Sazerac Company"));
    const modesto = (await ok("kind=company&q=modesto")).groups[0]!.items;
    expect(modesto.map((i) => i.id)).toContain(idOf("Gallo"));
    expect(modesto[0]!.snippet.text).toContain("Modesto");
  });

  it("finds a topic by its name, another spelling of its tag and its address's words, with what it holds", async () => {
    const tequila = group(await ok("q=TEQUILA"), "topic")!.items as TopicHit[];
    expect(tequila[0]).toMatchObject({ kind: "topic", id: "tequila", url: "/topics/tequila", wholeWord: true });
    expect(tequila[0]!.title).toEqual({ text: "Tequila", marks: [[0, 7]] });
    expect(tequila[0]!.recaps + tequila[0]!.episodes).toBeGreaterThanOrEqual(1);
    // The result says what the topic holds, as its page does.
    expect(tequila[0]!.snippet.text).toMatch(/^\d+ (recap|episode)s?( · \d+ episodes?)?$/);
    // The tag the test recap carries: found by a word of it, and by its address's words.
    const watch = (await ok("kind=topic&q=watch")).groups[0]!;
    expect(watch.items.map((i) => i.id)).toEqual(["mezcal-watch"]);
    expect((await ok("kind=topic&q=mezcal-watch")).groups[0]!.items.map((i) => i.id)).toEqual(["mezcal-watch"]);
    const cider = (await ok("kind=topic&q=craft-cider")).groups[0]!.items;
    expect(cider.map((i) => [i.id, i.title.text, i.snippet.text])).toEqual([
      ["craft-cider", "Craft Cider", "Also tagged “Craft-Cider” · 3 recaps"],
    ]);
    expect(cider[0]!.snippet.marks).toEqual([[13, 24]]);
    // A date range or a series leaves topics out, as it does the undated companies.
    expect((await ok("q=tequila&from=2026-01-01")).counts.topic).toBe(0);
    expect((await ok("q=tequila&series=daily")).counts.topic).toBe(0);
  });

  it("finds a recap by a tag alone, and ignores case beyond ASCII", async () => {
    expect(group(await ok("q=mezcal+watch"), "recap")!.items.map((r) => r.title.text)).toEqual(["ÉCLAT in Zürich"]);
    expect(group(await ok("q=%C3%A9clat+in+z%C3%9CRICH"), "recap")!.total).toBe(1);
  });

  it("filters by kind, series and date range", async () => {
    const weekly = await ok("q=sample&series=weekly");
    expect(weekly.groups.map((g) => g.kind)).toEqual(["episode"]);
    expect(weekly.groups[0]!.items.every((i) => (i as EpisodeHit).series === "weekly")).toBe(true);
    expect(weekly.counts.recap).toBe(0);
    const november = await ok("q=sample&from=2026-11-01&to=2026-11-30");
    expect(november.counts.company).toBe(0);
    for (const g of november.groups)
      for (const item of g.items)
        expect((item as { date: string }).date >= "2026-11-01" && (item as { date: string }).date <= "2026-11-30").toBe(
          true,
        );
    expect((await ok("q=sample&kind=episode")).groups.map((g) => g.kind)).toEqual(["episode"]);
  });

  it("pages through one kind with the cursor it gives", async () => {
    const seen: Array<number | string> = [];
    let query = "q=sample&kind=recap&limit=4";
    let total = 0;
    for (let guard = 0; guard < 10; guard++) {
      const body = await ok(query);
      const g = body.groups[0]!;
      total = g.total;
      seen.push(...g.items.map((i) => i.id));
      if (!g.next_cursor) break;
      query = `q=sample&kind=recap&limit=4&cursor=${g.next_cursor}`;
    }
    expect(total).toBeGreaterThanOrEqual(10);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("keeps result pages out of search engines' indexes, and not the search page itself", async () => {
    const robots = async (path: string) =>
      /<meta name="robots" content="([^"]*)"/.exec(await (await fetch(`${handle.server.url}${path}`)).text())?.[1];
    expect(await robots("/search?q=tequila")).toBe("noindex, follow");
    expect(await robots("/search?q=tequila&kind=recap&page=2")).toBe("noindex, follow");
    expect(await robots("/search")).toBeUndefined();
  });

  it("answers bad input with a clear message or a normal result, never a 5xx", async () => {
    expect(await search("")).toMatchObject({ status: 400, body: { error: "q is required" } });
    expect(await search("q=a")).toMatchObject({
      status: 400,
      body: { error: "Type at least 2 characters to search." },
    });
    expect(await search(`q=${"x".repeat(1000)}`)).toMatchObject({
      status: 400,
      body: { error: "Searches are limited to 200 characters." },
    });
    expect(await search("q=bourbon&from=2026-13-01")).toMatchObject({
      status: 400,
      body: { error: "Dates must be written as YYYY-MM-DD." },
    });
    expect(await search("q=bourbon&from=2026-11-02&to=2026-11-01")).toMatchObject({ status: 400 });
    expect(await search("q=bourbon&kind=people")).toMatchObject({ status: 400 });
    expect(await search("q=bourbon&kind=recap&cursor=nope")).toMatchObject({
      status: 400,
      body: { error: "cursor is not one this server gave out" },
    });
    // Quotes, search-engine operators and SQL wildcards are text like any other.
    for (const q of [
      '"bourbon"',
      "bourbon OR tequila",
      "bour*",
      "NEAR(a b)",
      "%%",
      "__",
      "\\\\",
      "'; drop table x; --",
      "a\u0000b",
      "q=1&x",
    ]) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.q).toBe(q.trim());
    }
    expect((await ok(`q=${encodeURIComponent("%%")}`)).total).toBe(0);
    expect((await ok(`q=${encodeURIComponent("__")}`)).total).toBe(0);
  });
});
