import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { runHubCli } from "../support/hub-cli.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const TOKEN = "sample-content-admin-token-0123456789";

describe.each(ENGINES)("taking the sample content out on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const get = async <T>(path: string) => (await (await fetch(`${server.url}${path}`)).json()) as T;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    server = await startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("removes exactly the demo recaps, episodes, their comments and media, and leaves the operator's own", async () => {
    const demo = await get<{ recaps: Array<{ id: number }>; total: number }>("/api/recaps");
    expect(demo.total).toBe(10);
    // A reader commented on a sample recap.
    const comment = await fetch(`${server.url}/api/recaps/${demo.recaps[0]!.id}/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ author_name: "Reader", comment_text: "On a sample recap." }),
    });
    expect(comment.status).toBe(201);
    // The operator's own recap reuses one of the sample images (it stays), and has a key of its own.
    const own = await admin("POST", "/api/admin/recaps", {
      date: "2026-11-27",
      headline: "Our first real recap",
      content: "Real reporting.",
      blog_image: "2026-11-20-holiday-shelf.jpg",
      external_key: "weekly-2026-11-27",
    });
    expect(own.status).toBe(201);

    const removed = await runHubCli(server.url, ["sample", "remove"], { ADMIN_TOKEN: TOKEN });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(
      /^Removed 10 sample recaps, 7 sample episodes \(with their comments\) and \d+ sample media files\.$/m,
    );
    expect(removed.stdout).toContain("SEED_DEMO=false");

    const recaps = await get<{ recaps: Array<{ headline: string }>; total: number }>("/api/recaps");
    expect(recaps.recaps.map((r) => r.headline)).toEqual(["Our first real recap"]);
    expect((await get<{ total: number }>("/api/episodes")).total).toBe(0);
    expect((await fetch(`${server.url}/api/recaps/${demo.recaps[0]!.id}/comments`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/weekly-summary-pics/2026-11-20-holiday-shelf.jpg`)).status).toBe(200);
    const feed = await (await fetch(`${server.url}/feeds/recaps.xml`)).text();
    expect(feed).not.toContain("Sample content");

    // Again: nothing left to remove.
    const again = await runHubCli(server.url, ["sample", "remove"], { ADMIN_TOKEN: TOKEN });
    expect(again.stdout).toContain(
      "Removed 0 sample recaps, 0 sample episodes (with their comments) and 0 sample media files.",
    );
  });
});
