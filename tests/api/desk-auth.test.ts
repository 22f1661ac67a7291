import { describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { deskClient as client } from "../support/desk-client.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "desk-auth-admin-token-0123456789";
const OWNER = { name: "Olivia Owner", email: "owner@proofline.test", password: "owner-password-123" };

describe.each(ENGINES)("desk sign-in on %s", (engine) => {
  const handle = serverForTests({ ADMIN_TOKEN: TOKEN }, engine);

  async function setUpOwner() {
    const c = client(handle.server.url);
    const csrf = await c.tokenOf("/admin/setup");
    const res = await c.post("/admin/setup", { csrf, token: TOKEN, ...OWNER });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin");
    return c;
  }

  it("refuses forms without the page's CSRF token, or sent from another site", async () => {
    const c = client(handle.server.url);
    const csrf = await c.tokenOf("/admin/setup");
    expect(csrf).toMatch(/^[\w-]{32}$/);
    expect(
      (await c.post("/admin/setup", { csrf: "forged-token-forged-token-forged", token: TOKEN, ...OWNER })).status,
    ).toBe(403);
    expect(
      (await c.post("/admin/setup", { csrf, token: TOKEN, ...OWNER }, { Origin: "https://evil.example" })).status,
    ).not.toBe(302);
    // Nothing was made: the setup page is still there.
    expect((await c.get("/admin/setup")).status).toBe(200);
  });

  it("locks an address out with 429 and Retry-After after five wrong passwords, even for the right one next", async () => {
    const owner = await setUpOwner();
    // Signed in: a page of the desk answers, and is never cached.
    const desk = await owner.get("/admin");
    expect(desk.status).toBe(200);
    expect(desk.headers.get("cache-control")).toBe("no-store");

    const c = client(handle.server.url);
    const csrf = await c.tokenOf("/admin/sign-in");
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await c.post("/admin/sign-in", { csrf, email: OWNER.email, password: `wrong-password-${i}` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await last!.text()).toContain("Too many failed sign-ins. Try again in 15 minutes.");
    const right = await c.post("/admin/sign-in", { csrf, email: OWNER.email, password: OWNER.password });
    expect(right.status).toBe(429);
    expect(c.jar.has("proofline_desk")).toBe(false);
  });

  it("says the same for an unknown address as for a wrong password", async () => {
    const c = client(handle.server.url);
    const csrf = await c.tokenOf("/admin/sign-in");
    const res = await c.post("/admin/sign-in", { csrf, email: "nobody@proofline.test", password: "whatever-password" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Wrong email or password.");
  });

  it("keeps the publishing API's Bearer token working beside the desk", async () => {
    const res = await fetch(`${handle.server.url}/api/admin/comments`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
  });

  it("refuses the desk's upload API without a session, or without the session's CSRF header", async () => {
    const anonymous = await fetch(`${handle.server.url}/api/desk/media/weekly-summary-pics`, {
      method: "POST",
      body: "x",
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Sign in to the desk first" });
  });
});

describe("the setup page's ADMIN_TOKEN", () => {
  const handle = serverForTests({ ADMIN_TOKEN: TOKEN });

  it("takes five wrong guesses, then answers 429 with Retry-After, even for the right token", async () => {
    const c = client(handle.server.url);
    const csrf = await c.tokenOf("/admin/setup");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await c.post("/admin/setup", { csrf, token: `wrong-token-${i}-0123456789`, ...OWNER })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await c.post("/admin/setup", { csrf, token: TOKEN, ...OWNER });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await right.text()).toContain("Too many wrong tokens. Try again in 15 minutes.");
  });
});

describe("the desk's setup page on a site without ADMIN_TOKEN", () => {
  const handle = serverForTests({}, "sqlite");

  it("says the token comes first, whether the owner is made here or with the command line (which needs it too)", async () => {
    const res = await fetch(`${handle.server.url}/admin/setup`);
    expect(res.status).toBe(200);
    const text = (await res.text())
      .replace(/<[^>]+>/g, "")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&apos;/g, "'");
    expect(text).toContain(
      "this site has no ADMIN_TOKEN. Set ADMIN_TOKEN (16 characters or more) in the server's environment and restart it",
    );
    expect(text).toContain("ADMIN_TOKEN=… npm run hub -- user add");
  });
});
