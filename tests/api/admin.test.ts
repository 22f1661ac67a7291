import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "test-admin-token-0123456789";
const SITE = "http://proofline.test";

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

function client(base: string, token: string | null = TOKEN) {
  return async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && typeof body !== "string" ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  };
}

const NEW_RECAP = {
  date: "2026-11-27",
  headline: "Thanksgiving week: RTD cocktails take the holiday shelf",
  content: "## The week\n\nReady-to-drink cocktails led **holiday** resets.\n\n- Tequila RTDs up\n- Wine flat",
  snippets: "Holiday resets favour RTDs.",
  tags: ["RTD", "Holiday"],
  external_key: "n8n-2026-11-27",
};

describe("publishing API when ADMIN_TOKEN is unset", () => {
  const site = serverForTests();

  it("does not exist: every admin route answers 404, whatever the token", async () => {
    const call = client(site.server.url);
    for (const [method, p] of [
      ["GET", "/api/admin/comments"],
      ["POST", "/api/admin/recaps"],
      ["DELETE", "/api/admin/recaps/1"],
    ] as const) {
      const reply = await call(method, p, method === "POST" ? NEW_RECAP : undefined);
      expect(reply.status, `${method} ${p}`).toBe(404);
      expect(reply.body).toEqual({ error: "Not found" });
    }
  });
});

describe("publishing API authentication", () => {
  const site = serverForTests({ ADMIN_TOKEN: TOKEN });

  it("answers 401 without a Bearer token, 400 for a token in the address, and 429 after five wrong tokens", async () => {
    const none = await client(site.server.url, null)("GET", "/api/admin/comments");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="admin"');
    expect(none.body).toEqual({ error: "Send Authorization: Bearer <ADMIN_TOKEN>" });

    const inQuery = await client(site.server.url, null)("GET", `/api/admin/comments?token=${TOKEN}`);
    expect(inQuery).toMatchObject({
      status: 400,
      body: { error: "Send the token in the Authorization header, not in the address" },
    });

    const right = await client(site.server.url)("GET", "/api/admin/comments");
    expect(right.status).toBe(200);

    const wrong = client(site.server.url, `${TOKEN}x`);
    // The missing-token request above counted as one failure; four more wrong tokens make five.
    for (let i = 0; i < 4; i++)
      expect((await wrong("GET", "/api/admin/comments")).body).toEqual({ error: "Wrong token" });
    const refused = await wrong("GET", "/api/admin/comments");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    // The address is refused for now, even with the right token.
    expect((await client(site.server.url)("GET", "/api/admin/comments")).status).toBe(429);
  });
});

describe.each(ENGINES)("publishing API on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, SITE_URL: SITE, COMMENT_RATE_PER_MINUTE: "100" });
    call = client(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  const publicRecaps = async () =>
    ((await (await fetch(`${server.url}/api/recaps`)).json()) as { recaps: Array<Record<string, unknown>> }).recaps;
  const feed = async () => (await fetch(`${server.url}/feeds/recaps.xml`)).text();

  it("publishes a recap that shows at once in the API, on its page and in the feed, once per external key", async () => {
    const created = await call("POST", "/api/admin/recaps", NEW_RECAP);
    expect(created.status).toBe(201);
    const recap = created.body!.recap as Record<string, unknown>;
    expect(created.body!.created).toBe(true);
    expect(recap).toMatchObject({
      date: NEW_RECAP.date,
      headline: NEW_RECAP.headline,
      tags: ["RTD", "Holiday"],
      snippets: NEW_RECAP.snippets,
      blog_image: null,
    });

    expect((await publicRecaps())[0]).toMatchObject({ id: recap.id, headline: NEW_RECAP.headline });
    const page = await (await fetch(`${server.url}/recap/${recap.id}`)).text();
    expect(page).toContain("Thanksgiving week: RTD cocktails take the holiday shelf");
    expect(page).toContain("<strong>holiday</strong>");
    expect(await feed()).toContain(`<link>${SITE}/recap/${recap.id}</link>`);

    const again = await call("POST", "/api/admin/recaps", { ...NEW_RECAP, headline: "A second run of the workflow" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, recap: { id: recap.id, headline: NEW_RECAP.headline } });
    expect((await publicRecaps()).filter((r) => r.headline === NEW_RECAP.headline)).toHaveLength(1);

    // Two identical requests at the same moment still publish once.
    const key = { ...NEW_RECAP, external_key: "race-1", headline: "Race" };
    const both = await Promise.all([call("POST", "/api/admin/recaps", key), call("POST", "/api/admin/recaps", key)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect((await publicRecaps()).filter((r) => r.headline === "Race")).toHaveLength(1);
  });

  it("lets feed readers cache but revalidate: the ETag answers 304 until the next change", async () => {
    const first = await fetch(`${server.url}/feeds/recaps.xml`);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag")!;
    const conditional = () =>
      fetch(`${server.url}/feeds/recaps.xml`, { headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" } });
    expect((await conditional()).status).toBe(304);
    await call("POST", "/api/admin/recaps", {
      ...NEW_RECAP,
      external_key: "etag-check",
      headline: "A change for the feed",
    });
    const changed = await conditional();
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("A change for the feed");
  });

  it("refuses bad input with a 400 naming the field, and changes nothing", async () => {
    const before = await publicRecaps();
    const cases: Array<[unknown, string]> = [
      [{ ...NEW_RECAP, external_key: undefined, date: "2026-02-30" }, "date: must be a date as YYYY-MM-DD"],
      [{ ...NEW_RECAP, external_key: undefined, date: "next week" }, "date: must be a date as YYYY-MM-DD"],
      [{ ...NEW_RECAP, external_key: undefined, headline: "   " }, "headline: must not be empty"],
      [{ date: "2026-11-28", headline: "x" }, "content: must be text"],
      [{ ...NEW_RECAP, external_key: undefined, tags: "RTD" }, "tags: must be a list of texts"],
      [{ ...NEW_RECAP, external_key: undefined, tags: ["ok", ""] }, "tags.1: must not be empty"],
      [
        { ...NEW_RECAP, external_key: undefined, blog_image: "../../etc/passwd" },
        "blog_image: must be a plain file name (letters, digits, '.', '_' or '-'; no folders)",
      ],
      [
        { ...NEW_RECAP, external_key: undefined, blog_image: ".hidden.jpg" },
        "blog_image: must be a plain file name (letters, digits, '.', '_' or '-'; no folders)",
      ],
      [
        { ...NEW_RECAP, external_key: undefined, blog_image: "not-uploaded.jpg" },
        "blog_image: no file named not-uploaded.jpg in weekly-summary-pics; upload it first",
      ],
      [{ ...NEW_RECAP, external_key: undefined, author: "me" }, "Unknown field: author"],
      [[NEW_RECAP], "The body must be a JSON object"],
    ];
    for (const [body, message] of cases) {
      const reply = await call("POST", "/api/admin/recaps", body);
      expect(reply, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: message.startsWith("The body") ? expect.any(String) : message },
      });
    }
    expect(await call("POST", "/api/admin/recaps", "{not json")).toMatchObject({ status: 415 });
    expect(await call("POST", "/api/admin/recaps", "{not json", { "Content-Type": "application/json" })).toMatchObject({
      status: 400,
      body: { error: "The body is not valid JSON" },
    });
    expect(
      await call("POST", "/api/admin/recaps", {
        ...NEW_RECAP,
        external_key: undefined,
        content: "x".repeat(1024 * 1024),
      }),
    ).toMatchObject({ status: 413 });
    expect(await publicRecaps()).toEqual(before);
  });

  it("accepts an image that is in the bucket", async () => {
    const file = "holiday-shelf.jpg";
    fs.mkdirSync(path.join(testDb.dataDir, "media/weekly-summary-pics"), { recursive: true });
    fs.writeFileSync(
      path.join(testDb.dataDir, "media/weekly-summary-pics", file),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    );
    const reply = await call("POST", "/api/admin/recaps", {
      ...NEW_RECAP,
      external_key: "with-image",
      blog_image: file,
    });
    expect(reply.status).toBe(201);
    expect(reply.body!.recap).toMatchObject({ blog_image: file, blog_image_url: `/media/weekly-summary-pics/${file}` });
  });

  it("updates only the fields given, and answers 404 for an unknown recap", async () => {
    const id = (await publicRecaps())[0]!.id as number;
    const original = (await (await fetch(`${server.url}/api/recaps/${id}`)).json()) as {
      recap: Record<string, unknown>;
    };
    const reply = await call("PATCH", `/api/admin/recaps/${id}`, { headline: "Corrected headline", tags: [] });
    expect(reply.status).toBe(200);
    expect(reply.body!.recap).toEqual({ ...original.recap, headline: "Corrected headline", tags: [] });
    expect(await (await fetch(`${server.url}/recap/${id}`)).text()).toContain("Corrected headline");
    expect(await feed()).toContain("Corrected headline");

    expect(await call("PATCH", `/api/admin/recaps/${id}`, {})).toMatchObject({
      status: 400,
      body: { error: "name at least one field to change" },
    });
    expect(await call("PATCH", `/api/admin/recaps/${id}`, { date: "31/12/2026" })).toMatchObject({
      status: 400,
      body: { error: "date: must be a date as YYYY-MM-DD" },
    });
    expect(await call("PATCH", `/api/admin/recaps/${id}`, { external_key: "x" })).toMatchObject({
      status: 400,
      body: { error: "Unknown field: external_key" },
    });
    expect(await call("PATCH", "/api/admin/recaps/999999", { headline: "x" })).toMatchObject({
      status: 404,
      body: { error: "Summary not found" },
    });
    expect(await call("PATCH", "/api/admin/recaps/abc", { headline: "x" })).toMatchObject({ status: 404 });
    expect((await (await fetch(`${server.url}/api/recaps/${id}`)).json()) as unknown).toEqual({
      recap: { ...original.recap, headline: "Corrected headline", tags: [] },
    });
  });

  it("deletes a recap with its comments; it leaves the site and the feed at once", async () => {
    const { body } = await call("POST", "/api/admin/recaps", {
      ...NEW_RECAP,
      external_key: "to-delete",
      headline: "Short-lived recap",
    });
    const id = (body!.recap as { id: number }).id;
    await fetch(`${server.url}/api/recaps/${id}/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ author_name: "Ana", comment_text: "Soon gone" }),
    });
    expect((await call("DELETE", `/api/admin/recaps/${id}`)).status).toBe(204);
    expect((await fetch(`${server.url}/api/recaps/${id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/recap/${id}`)).status).toBe(404);
    expect(await feed()).not.toContain("Short-lived recap");
    expect(
      ((await call("GET", "/api/admin/comments")).body!.comments as Array<{ comment_text: string }>).some(
        (c) => c.comment_text === "Soon gone",
      ),
    ).toBe(false);
    expect(await call("DELETE", `/api/admin/recaps/${id}`)).toMatchObject({
      status: 404,
      body: { error: "Summary not found" },
    });
  });

  it("lists the latest comments across recaps and episodes, and hides, shows and deletes them", async () => {
    const recapId = (await publicRecaps())[0]!.id as number;
    const episodeId = (
      (await (await fetch(`${server.url}/api/episodes`)).json()) as { episodes: Array<{ id: number; title: string }> }
    ).episodes[0]!;
    const post = (p: string, text: string) =>
      fetch(`${server.url}${p}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ author_name: "Moderated", comment_text: text }),
      });
    await post(`/api/recaps/${recapId}/comments`, "On the recap");
    await post(`/api/episodes/${episodeId.id}/comments`, "On the episode");

    const listed = (await call("GET", "/api/admin/comments?limit=2")).body!.comments as Array<Record<string, unknown>>;
    expect(listed.map((c) => [c.target, c.comment_text])).toEqual([
      ["episode", "On the episode"],
      ["recap", "On the recap"],
    ]);
    expect(listed[0]).toMatchObject({
      parent_id: episodeId.id,
      parent_title: episodeId.title,
      status: "visible",
      client_address: expect.any(String),
    });

    const id = listed[1]!.id as string;
    const publicTexts = async () =>
      (
        (await (await fetch(`${server.url}/api/recaps/${recapId}/comments`)).json()) as {
          comments: Array<{ comment_text: string }>;
        }
      ).comments.map((c) => c.comment_text);
    expect(await call("POST", `/api/admin/comments/${id}/hide`)).toMatchObject({
      status: 200,
      body: { id, status: "hidden" },
    });
    expect(await publicTexts()).not.toContain("On the recap");
    expect(
      ((await call("GET", "/api/admin/comments?status=hidden")).body!.comments as Array<{ id: string }>).map(
        (c) => c.id,
      ),
    ).toEqual([id]);
    expect(await call("POST", `/api/admin/comments/${id}/unhide`)).toMatchObject({
      status: 200,
      body: { status: "visible" },
    });
    expect(await publicTexts()).toContain("On the recap");
    expect((await call("DELETE", `/api/admin/comments/${id}`)).status).toBe(204);
    expect(await publicTexts()).not.toContain("On the recap");

    expect(await call("POST", `/api/admin/comments/${id}/hide`)).toMatchObject({
      status: 404,
      body: { error: "Comment not found" },
    });
    expect(await call("DELETE", "/api/admin/comments/not-a-uuid")).toMatchObject({ status: 404 });
    expect(await call("GET", "/api/admin/comments?status=spam")).toMatchObject({
      status: 400,
      body: { error: "status: must be visible or hidden" },
    });
    expect(await call("GET", "/api/admin/comments?limit=0")).toMatchObject({
      status: 400,
      body: { error: "limit: must be 1 to 500" },
    });
  });

  it("pages the comment list with a cursor and says how many there are, as the other lists do", async () => {
    const recapId = (await publicRecaps())[1]!.id as number;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/api/recaps/${recapId}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ author_name: "Paged", comment_text: `Paged comment ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    const all = (await call("GET", "/api/admin/comments?limit=500")).body! as {
      comments: Array<{ id: string }>;
      total: number;
      next_cursor: string | null;
    };
    expect(all.total).toBe(all.comments.length);
    expect(all.next_cursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await call("GET", `/api/admin/comments?limit=2${cursor ? `&cursor=${cursor}` : ""}`)).body! as {
        comments: Array<{ id: string }>;
        total: number;
        next_cursor: string | null;
      };
      expect(page.total).toBe(all.total);
      expect(page.comments.length).toBeLessThanOrEqual(2);
      seen.push(...page.comments.map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.comments.map((c) => c.id));
    expect(await call("GET", "/api/admin/comments?cursor=forged")).toMatchObject({
      status: 400,
      body: { error: "cursor: cursor is not one this server gave out" },
    });
  });
});
