import { describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { setUpDeskOwner } from "../support/desk-client.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const ADMIN_TOKEN = "health-detail-admin-token-0123456789";

const health = async (base: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/healthz`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, vary: res.headers.get("vary") };
};

describe.each(ENGINES)("who /healthz tells what, on %s", (engine) => {
  const site = serverForTests({ ADMIN_TOKEN, SEED_DEMO: "false" }, engine);

  it("tells anyone the status alone, and an operator (token or desk session) what it runs on", async () => {
    // Anyone: no database engine, Redis, media store or mail (all of it on 4494ae7).
    expect(await health(site.server.url)).toEqual({
      status: 200,
      body: { status: "ok" },
      vary: expect.stringMatching(/^Authorization, Cookie\b/),
    });
    expect((await health(site.server.url, { Cookie: "proofline_desk=not-a-session" })).body).toEqual({
      status: "ok",
    });
    const detail = {
      status: "ok",
      database: expect.objectContaining({ engine, status: "up" }),
      redis: { status: "not configured" },
      media: { store: "disk", status: "up" },
      mail: { status: "not configured" },
    };
    expect((await health(site.server.url, { Authorization: `Bearer ${ADMIN_TOKEN}` })).body).toEqual(detail);
    const { client } = await setUpDeskOwner(site.server.url, ADMIN_TOKEN);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await health(site.server.url, { Cookie: cookie })).body).toEqual(detail);
  });

  it("counts wrong tokens against the publishing API's limit, so it is no way round it", async () => {
    // Ten wrong guesses at once, twice the limit: each answered with the status alone.
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        health(site.server.url, { Authorization: `Bearer wrong-guess-${i}-0123456789` }),
      ),
    );
    expect(guesses.map((g) => [g.status, g.body])).toEqual(Array(10).fill([200, { status: "ok" }]));
    // The address is now refused on the API, and shown nothing more on /healthz, whatever it sends.
    const api = await fetch(`${site.server.url}/api/admin/staff`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await health(site.server.url, { Authorization: `Bearer ${ADMIN_TOKEN}` })).body).toEqual({ status: "ok" });
  });
});
