import { describe, expect, it } from "vitest";
import { TOPIC_NOT_FOUND } from "#common/topics/topic.ts";
import { adminSite } from "../support/admin-site.ts";
import { ENGINES } from "../support/databases.ts";

// Topic pages, their feeds, the index and the sitemap (issue 26), on a real
// server and database, with content published through the publishing API.
describe.each(ENGINES)("topics on %s", (engine) => {
  const admin = adminSite(engine);
  const get = (p: string) => fetch(`${admin.site.server.url}${p}`, { redirect: "manual" });
  const html = async (p: string) => {
    const res = await get(p);
    expect(res.status, p).toBe(200);
    return res.text();
  };
  const recap = async (fields: Record<string, unknown>) => {
    const { status, body } = await admin.json<{ id: number }>("POST", "/api/admin/recaps", {
      content: "Sample content for a test.",
      ...fields,
    });
    expect(status).toBe(201);
    return body!.id;
  };

  it("offers related reading under a recap: what shares its rarer topics and its companies, never itself", async () => {
    const { body } = await admin.json<{ recaps: Array<{ id: number; headline: string }> }>(
      "GET",
      "/api/recaps?q=New%20York%20Moment",
    );
    const recap = body!.recaps.find((r) => r.headline.startsWith("Tequila's New York Moment"))!;
    const page = await html(`/recap/${recap.id}`);
    const section = page.slice(page.indexOf('id="related-reading"'));
    expect(section).toContain("Related reading");
    // The episode on the same three topics comes first; the recap itself is not offered.
    const first = /<a href="([^"]+)"[^>]*>(?:<span[^>]*>Episode: <\/span>)?([^<]+)<\/a>/.exec(section)!;
    expect(first[2]).toBe("Sample: Tequila&#x27;s New York moment");
    // What it shares, the rarest topic first.
    const shared = /Shares ([^<]+)/.exec(section)![1]!.split(", ");
    expect([...shared].sort()).toEqual(["New York", "On-Premise", "Tequila"]);
    expect(section).not.toContain(`href="/recap/${recap.id}"`);
    // Sample content is a flag, not a topic: it is no reason to relate two items.
    expect(section).not.toContain("Shares Sample content");
  });

  it("lists a tag's recaps and episodes newest first, and the companies they name", async () => {
    const page = await html("/topics/tequila");
    expect(page).toContain("<h1");
    // The episode of 16 November, then the recaps of 13 November and 25 September.
    const order = ["Sample: Tequila&#x27;s New York moment", "Tequila&#x27;s New York Moment", "Two Giants"].map(
      (title) => page.indexOf(title),
    );
    expect(
      order.every((at) => at > 0),
      String(order),
    ).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(page).toContain("2 recaps · 1 episode");
    expect(page).toContain("Companies most mentioned");
    expect(page).toMatch(/href="\/explorer\?company=\d+"/);
    expect(page).toContain('href="/feeds/topics/tequila.xml"');
  });

  it("matches whole tags only, and one topic however its tag is spelled", async () => {
    await recap({ date: "2026-11-21", headline: "Sunrise hour", tags: ["Tequila Sunrise"] });
    await recap({ date: "2026-11-22", headline: "Bar talk", tags: ["on premise"] });
    const tequila = await html("/topics/tequila");
    expect(tequila).not.toContain("Sunrise hour");
    const onPremise = await html("/topics/on-premise");
    expect(onPremise).toContain("Bar talk");
    expect(onPremise).toContain("Tequila&#x27;s New York Moment");
    // Any spelling of the address leads to the topic's one address.
    for (const variant of ["/topics/On-Premise", "/topics/on%20premise"]) {
      const res = await get(variant);
      expect(res.status, variant).toBe(301);
      expect(res.headers.get("location")).toBe("/topics/on-premise");
    }
  });

  it("answers 404 with a message for a topic nothing has", async () => {
    const res = await get("/topics/no-such-topic-at-all");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(TOPIC_NOT_FOUND);
    expect((await get("/feeds/topics/no-such-topic-at-all.xml")).status).toBe(404);
  });

  it("shows an episode published with a tag at once, on the page and in the topic's feed", async () => {
    const { status } = await admin.json("POST", "/api/admin/episodes", {
      date: "2026-11-23",
      title: "Agave at dawn",
      description: "Sample content: a test episode.",
      weekly_daily: "daily",
      tags: ["Tequila"],
    });
    expect(status).toBe(201);
    const page = await html("/topics/tequila");
    expect(page.indexOf("Agave at dawn")).toBeGreaterThan(0);
    expect(page.indexOf("Agave at dawn")).toBeLessThan(page.indexOf("Tequila&#x27;s New York Moment"));
    const feed = await get("/feeds/topics/tequila.xml");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await feed.text();
    expect(xml).toContain("<title>Episode: Agave at dawn</title>");
    expect(xml).toContain("Tequila's New York Moment");
    expect(xml).toContain('rel="self"');
    expect(xml.indexOf("Agave at dawn")).toBeLessThan(xml.indexOf("Tequila's New York Moment"));
  });

  it("pages a long topic, 20 to a page", async () => {
    for (let i = 1; i <= 21; i++)
      await recap({
        date: `2025-01-${String(i).padStart(2, "0")}`,
        headline: `Paged item ${i}`,
        tags: ["Paging Check"],
      });
    const first = await html("/topics/paging-check");
    expect(first).toContain("Paged item 21");
    expect(first).not.toContain("Paged item 1<");
    expect(first).toContain("Page 1 of 2");
    const second = await html("/topics/paging-check?page=2");
    expect(second).toContain("Paged item 1<");
    expect(second).not.toContain("Paged item 21");
  });

  it("indexes every topic with its counts, and puts each in the sitemap", async () => {
    const index = await html("/topics");
    expect(index).toMatch(/href="\/topics\/tequila"[^>]*>[^]*?Tequila[^]*?2 recaps · 2 episodes/);
    expect(index).toContain('href="/topics/new-york"');
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("/topics/tequila</loc>");
    expect(sitemap).toContain("/topics/paging-check</loc>");
    expect(sitemap).toContain("/topics</loc>");
  });

  it("links recap and episode tag chips to their topics", async () => {
    const recapPage = await html("/recap");
    expect(recapPage).toMatch(/<a[^>]+href="\/topics\/on-premise"/);
    const podcast = await html("/podcast");
    expect(podcast).toMatch(/<a[^>]+href="\/topics\/holiday"/);
  });
  it("marks the demo's items as sample content by a flag: a mark beside their chips, never a topic", async () => {
    // The demo's largest topic was "Sample content", listing every demo item (issue 37, point 11).
    const index = await html("/topics");
    expect(index).not.toMatch(/href="\/topics\/sample-content"/);
    expect((await get("/topics/sample-content")).status).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/topics/sample-content<");

    const { body: demo } = await admin.json<{ recaps: Array<{ id: number; sample: boolean }> }>(
      "GET",
      "/api/recaps?q=Holiday%20Shelf",
    );
    const sample = demo!.recaps[0]!;
    expect(sample.sample).toBe(true);
    const mark = /<span[^>]*data-sample-mark[^>]*>Sample content<span class="sr-only">: ([^<]+)<\/span><\/span>/;
    expect(await html(`/recap/${sample.id}`)).toMatch(mark);
    expect(await html("/podcast")).toMatch(mark);
    expect(await html("/topics/tequila")).toMatch(mark);

    // What the operator publishes is reporting: no mark, even with the old tag's words in its text.
    const { body: published } = await admin.json<{ recap: { id: number; sample: boolean } }>(
      "POST",
      "/api/admin/recaps",
      {
        date: "2026-11-21",
        headline: "Reporting, not a sample",
        content: "Sample content, said in passing.",
        tags: ["Tequila"],
      },
    );
    const own = published!.recap.id;
    expect(published!.recap.sample).toBe(false);
    expect(await html(`/recap/${own}`)).not.toContain("data-sample-mark");
  });
});
