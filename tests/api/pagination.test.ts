import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";

interface Listed {
  id: number | string;
}
interface ListBody {
  next_cursor: string | null;
  total: number;
  [name: string]: unknown;
}

describe.each(ENGINES)("lists a page at a time on %s", (engine) => {
  const handle = serverWithDirectAccess(engine);
  let recapId: number;
  let episodeId: number;
  let oldEpisodeId: number;

  beforeAll(async () => {
    // 95 older recaps beside the demo's 10, two of them on one day (the id breaks the tie).
    await handle.direct.db
      .insertInto("weekly_summaries")
      .values(
        Array.from({ length: 95 }, (_, i) => ({
          date: new Date(Date.UTC(2018, 0, 1) + Math.floor(i / 2) * 7 * 86_400_000).toISOString().slice(0, 10),
          headline: `Archive recap ${i}`,
          content: i % 2 ? "Bourbon body" : "Gin body",
        })),
      )
      .execute();
    await handle.direct.db
      .insertInto("podcast_episodes")
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          date: new Date(Date.UTC(2019, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
          title: `Archive episode ${i}`,
          description: "Old",
          weekly_daily: i % 3 ? ("daily" as const) : ("weekly" as const),
          guid: randomUUID(),
        })),
      )
      .execute();
    recapId = (
      await handle.direct.db
        .selectFrom("weekly_summaries")
        .select("id")
        .orderBy("date", "desc")
        .executeTakeFirstOrThrow()
    ).id;
    episodeId = (
      await handle.direct.db
        .selectFrom("podcast_episodes")
        .select("id")
        .orderBy("date", "desc")
        .executeTakeFirstOrThrow()
    ).id;
    oldEpisodeId = (
      await handle.direct.db
        .selectFrom("podcast_episodes")
        .select("id")
        .orderBy("date", "asc")
        .executeTakeFirstOrThrow()
    ).id;
    const comments = (key: "recap_id" | "episode_id", parent: number) =>
      Array.from({ length: 45 }, (_, i) => ({
        id: randomUUID(),
        [key]: parent,
        author_name: `Reader ${i}`,
        comment_text: `Comment ${i}`,
        // Three comments share each instant: the id orders them.
        created_at: new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3) * 60_000).toISOString(),
        status: i === 7 ? ("hidden" as const) : ("visible" as const),
      }));
    await handle.direct.db
      .insertInto("recap_comments")
      .values(comments("recap_id", recapId) as never)
      .execute();
    await handle.direct.db
      .insertInto("podcast_comments")
      .values(comments("episode_id", episodeId) as never)
      .execute();
  });

  const get = async (path: string) => {
    const res = await fetch(handle.server.url + path);
    return { status: res.status, body: (await res.json()) as ListBody };
  };

  /** Every item of a list, following next_cursor from `path`. */
  async function walk(
    path: string,
    name: string,
  ): Promise<{ ids: Array<number | string>; calls: number; total: number }> {
    const ids: Array<number | string> = [];
    let url: string | null = path;
    let calls = 0;
    let total = 0;
    while (url) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      ids.push(...(body[name] as Listed[]).map((item) => item.id));
      total = body.total;
      calls++;
      url = body.next_cursor ? `${path}${path.includes("?") ? "&" : "?"}cursor=${body.next_cursor}` : null;
    }
    return { ids, calls, total };
  }

  it("gives callers that send no limit the spec's shape, bounded at 100 with a cursor for the rest", async () => {
    const { status, body } = await get("/api/recaps");
    expect(status).toBe(200);
    expect(body.recaps).toHaveLength(100);
    expect(body.total).toBe(105);
    expect(typeof body.next_cursor).toBe("string");
    const rest = await get(`/api/recaps?cursor=${body.next_cursor}`);
    expect(rest.body.recaps).toHaveLength(5);
    expect(rest.body.next_cursor).toBeNull();
  });

  it("walks recaps, searches and episodes with limit and cursor: every item once, in order", async () => {
    const whole = (await get("/api/recaps?limit=100")).body.recaps as Listed[];
    const rest = (await get(`/api/recaps?cursor=${(await get("/api/recaps?limit=100")).body.next_cursor}`)).body
      .recaps as Listed[];
    const walked = await walk("/api/recaps?limit=7", "recaps");
    expect(walked.ids).toEqual([...whole, ...rest].map((r) => r.id));
    expect(walked.calls).toBe(15);
    expect(new Set(walked.ids).size).toBe(105);

    const bourbon = await walk("/api/recaps?q=bourbon&limit=10", "recaps");
    expect(bourbon.total).toBe(bourbon.ids.length);
    expect(bourbon.ids.length).toBeGreaterThanOrEqual(47);

    const weekly = await walk("/api/episodes?series=weekly&limit=4", "episodes");
    const allWeekly = (await get("/api/episodes?series=weekly&limit=100")).body;
    expect(weekly.ids).toEqual((allWeekly.episodes as Listed[]).map((e) => e.id));
    expect(weekly.total).toBe(allWeekly.total);
    expect((await get("/api/episodes")).body.total).toBe(37);
  });

  it("pages recap comments oldest first and episode comments newest first, leaving out hidden ones", async () => {
    const recap = await walk(`/api/recaps/${recapId}/comments?limit=10`, "comments");
    const episode = await walk(`/api/episodes/${episodeId}/comments?limit=10`, "comments");
    expect(recap.total).toBe(44);
    expect(recap.calls).toBe(5);
    expect(new Set(recap.ids).size).toBe(44);
    expect(episode.ids).toHaveLength(44);
    const texts = async (path: string) =>
      ((await get(path)).body.comments as Array<{ comment_text: string }>).map((c) => c.comment_text);
    const oldestFirst = await texts(`/api/recaps/${recapId}/comments?limit=3`);
    expect(oldestFirst.map((t) => t.replace(/\d+/, "")).every((t) => t === "Comment ")).toBe(true);
    expect(oldestFirst.sort()).toEqual(["Comment 0", "Comment 1", "Comment 2"]);
    expect((await texts(`/api/episodes/${episodeId}/comments?limit=3`)).sort()).toEqual([
      "Comment 42",
      "Comment 43",
      "Comment 44",
    ]);
  });

  it("refuses a bad limit or a cursor it did not give out, with a 400 naming it", async () => {
    for (const bad of ["0", "101", "ten", "-5", "1.5"]) {
      const { status, body } = await get(`/api/recaps?limit=${bad}`);
      expect(status, bad).toBe(400);
      expect(body).toEqual({ error: "limit must be a whole number from 1 to 100" });
    }
    for (const path of [
      "/api/recaps?cursor=nonsense",
      "/api/episodes?cursor=eyJ4IjoxfQ",
      `/api/recaps/${recapId}/comments?cursor=%5B%5D`,
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body).toEqual({ error: "cursor is not one this server gave out" });
    }
  });

  it("serves the recap list as numbered pages, without JavaScript, each with its own canonical address", async () => {
    const page = async (path: string) => {
      const res = await fetch(handle.server.url + path);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const first = await page("/recap");
    const second = await page("/recap?page=2");
    const headlines = (html: string) =>
      [...html.matchAll(/<span class="mt-0\.5 block[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(headlines(first)).toHaveLength(25);
    expect(headlines(second)).toHaveLength(25);
    expect(headlines(second).some((h) => headlines(first).includes(h))).toBe(false);
    expect(second).toContain("Page 2 of 5");
    expect(second).toMatch(/<a[^>]*rel="prev"[^>]*href="\/recap"|<a[^>]*href="\/recap"[^>]*rel="prev"/);
    expect(second).toMatch(/<a[^>]*href="\/recap\?page=3"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/recap\?page=3"/);
    expect(second).toContain('<link rel="canonical" href="http://proofline.test/recap?page=2"/>');
    expect(second).toContain('<link rel="prev" href="http://proofline.test/recap"/>');
    expect(second).toContain('<link rel="next" href="http://proofline.test/recap?page=3"/>');
    expect(first).not.toContain('rel="prev"');
    // A search is paged too, and its pages keep the search.
    const search = await page("/recap?q=body&page=2");
    expect(search).toContain("Page 2 of 4");
    expect(search).toMatch(/href="\/recap\?q=body&amp;page=3"/);
    // The last page has no next; a page past the end shows the last one.
    expect(await page("/recap?page=5")).not.toContain('rel="next"');
    expect(await page("/recap?page=999")).toContain("Page 5 of 5");
  });

  it("shows the true episode total, the latest card on every page, and finds the page of an old episode", async () => {
    const html = async (path: string) => (await fetch(handle.server.url + path)).text();
    const first = await html("/podcast");
    expect(first).toContain("37 episodes");
    expect(first).toContain("Page 1 of 4");
    const last = await html("/podcast?page=4");
    expect(last).toContain("37 episodes");
    expect(last).toContain("Latest Episode");
    expect(last).toContain(`id="episode-${oldEpisodeId}"`);
    expect(first).not.toContain(`id="episode-${oldEpisodeId}"`);
    const found = await html(`/podcast?episode=${oldEpisodeId}`);
    expect(found).toContain("Page 4 of 4");
    expect(found).toContain(`id="episode-${oldEpisodeId}"`);
    expect(await html("/podcast?series=weekly")).toMatch(
      /\d+ episodes(<!-- -->)? · In-depth analysis and long-form discussions/,
    );
  });

  it("serves feeds, the sitemap and API lists from the content-version cache, fresh after any change", async () => {
    for (const path of [
      "/feeds/podcast.xml",
      "/feeds/recaps.xml",
      "/sitemap.xml",
      "/api/recaps?limit=5",
      "/api/episodes",
      `/api/recaps/${recapId}/comments`,
    ]) {
      await fetch(handle.server.url + path);
      const again = await fetch(handle.server.url + path);
      expect(again.status, path).toBe(200);
      expect(again.headers.get("x-page-cache"), path).toBe("hit");
      expect(again.headers.get("etag"), path).toMatch(/^"v\d+-/);
    }
    await handle.direct.db
      .insertInto("podcast_episodes")
      .values({
        date: "2031-01-01",
        title: "Fresh from the future",
        description: "New",
        weekly_daily: "daily",
        mp3_file: "x.mp3",
        byte_size: 1000,
        guid: randomUUID(),
      })
      .execute();
    const feed = await fetch(`${handle.server.url}/feeds/podcast.xml`);
    expect(feed.headers.get("x-page-cache")).toBe("miss");
    expect(await feed.text()).toContain("Fresh from the future");
    await handle.direct.db.deleteFrom("podcast_episodes").where("title", "=", "Fresh from the future").execute();
    expect(await (await fetch(`${handle.server.url}/feeds/podcast.xml`)).text()).not.toContain("Fresh from the future");
  });

  it("answers a page that fails to render with a 500 and an error page, never an empty 200", async () => {
    // Data no page can show, written by something other than this server: a date both databases
    // accept but no JavaScript Date can hold, so formatting it throws while the page renders.
    const bad = await handle.direct.db
      .insertInto("weekly_summaries")
      .values({ date: "5874897-12-31", headline: "Broken", content: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await fetch(`${handle.server.url}/recap/${bad.id}`);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body.length).toBeGreaterThan(500);
    expect(body).toContain("</html>");
    expect(res.headers.get("x-page-cache")).not.toBe("hit");
    const again = await fetch(`${handle.server.url}/recap/${bad.id}`);
    expect(again.status).toBe(500);
    await handle.direct.db.deleteFrom("weekly_summaries").where("id", "=", bad.id).execute();
  });
});
