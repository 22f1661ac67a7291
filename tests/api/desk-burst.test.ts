import { describe, expect, it } from "vitest";
import { SIGNIN_LIMITS } from "#server/desk/signin-guard.server.ts";
import { ENGINES, type Engine } from "../support/databases.ts";
import { deskClient, setUpDeskOwner } from "../support/desk-client.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";

const TOKEN = "desk-burst-admin-token-0123456789";
const OWNER = { name: "Olivia Owner", email: "owner@proofline.test", password: "owner-password-123" };

// Each engine, and PostgreSQL with Redis too (limits elsewhere use it; this one must hold either way).
const setups: Array<[string, Engine, Record<string, string>]> = ENGINES.map((e) => [e, e, {}]);
if (process.env.TEST_REDIS_URL)
  setups.push([`${ENGINES.at(-1)} with Redis`, ENGINES.at(-1)!, { REDIS_URL: process.env.TEST_REDIS_URL }]);

describe.each(setups)("a burst of sign-in guesses on %s", (name, engine, env) => {
  const handle = serverWithDirectAccess(engine, { ADMIN_TOKEN: TOKEN, ...env });
  /** Failed attempts recorded for a key: every attempt that reached the password check is one until it proves right. */
  const recorded = async (key: string) =>
    Number(
      (
        await handle.direct.db
          .selectFrom("signin_failures")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("key", "=", key)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("lets no more guesses at one account reach the password check than its limit, and not the right one sent among them", async () => {
    await setUpDeskOwner(handle.server.url, TOKEN, OWNER);
    const c = deskClient(handle.server.url);
    const csrf = await c.tokenOf("/admin/sign-in");
    // Twice the client's limit at once, the right password in the middle (on 3f297b8 it signed in).
    const guesses = Array.from({ length: 2 * SIGNIN_LIMITS.perClient }, (_, i) =>
      i === SIGNIN_LIMITS.perClient ? OWNER.password : `wrong-password-${i}`,
    );
    const answers = await Promise.all(
      guesses.map((password) => c.post("/admin/sign-in", { csrf, email: OWNER.email, password })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toEqual([]);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(SIGNIN_LIMITS.perAccount);
    for (const r of answers.filter((a) => a.status === 429))
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    // The work done: at most the account's limit of guesses were checked (on 3f297b8: 59).
    const checked = await recorded(`email:${OWNER.email}`);
    console.info(
      `sign-in burst on ${name}: ${guesses.length} guesses at once, ${checked} checked against the account (limit ${SIGNIN_LIMITS.perAccount}); answers ${statuses.filter((x) => x === 401).length} × 401, ${statuses.filter((x) => x === 429).length} × 429`,
    );
    expect(checked).toBeLessThanOrEqual(SIGNIN_LIMITS.perAccount);
  });

  it("lets no more guesses from one client reach the check than its limit, spread over many accounts", async () => {
    const c = deskClient(handle.server.url);
    const csrf = await c.tokenOf("/admin/sign-in");
    const before = await recorded("client:127.0.0.1");
    const answers = await Promise.all(
      Array.from({ length: 2 * SIGNIN_LIMITS.perClient }, (_, i) =>
        c.post("/admin/sign-in", { csrf, email: `someone-${i}@proofline.test`, password: "a-wrong-password" }),
      ),
    );
    // Refused either as over the client's limit (429) or, while password checks are queued full, as
    // busy (503, docs/security.md): which of the two depends on how fast the machine hashes.
    expect(answers.every((r) => [401, 429, 503].includes(r.status))).toBe(true);
    expect(answers.filter((r) => r.status === 429 || r.status === 503).length).toBeGreaterThanOrEqual(
      SIGNIN_LIMITS.perClient,
    );
    const checked = await recorded("client:127.0.0.1");
    console.info(
      `sign-in burst on ${name}: ${answers.length} guesses at ${answers.length} accounts at once, ${checked} failures recorded against the client (limit ${SIGNIN_LIMITS.perClient}, ${before} before)`,
    );
    expect(checked).toBeLessThanOrEqual(Math.max(before, SIGNIN_LIMITS.perClient));
  });
});

describe("the account page's current password, and where sign-in sends you", () => {
  const handle = serverWithDirectAccess("sqlite", { ADMIN_TOKEN: TOKEN });

  it("limits guesses of the current password like sign-in", async () => {
    const { client } = await setUpDeskOwner(handle.server.url, TOKEN, OWNER);
    const csrf = await client.tokenOf("/admin/account");
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_LIMITS.perAccount + 1; i++)
      statuses.push(
        (
          await client.post("/admin/account", {
            csrf,
            current: `not-it-${i}-password`,
            password: "a-new-password-123",
            confirm: "a-new-password-123",
          })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    // Locked: even the right current password is refused now.
    const right = await client.post("/admin/account", {
      csrf,
      current: OWNER.password,
      password: "a-new-password-123",
      confirm: "a-new-password-123",
    });
    expect(right.status).toBe(429);
  });

  it("answers a next= address with a control or non-Latin-1 character by sending you to the desk, not with a 500", async () => {
    const other = { name: "Eve Editor", email: "eve@proofline.test", password: "eve-password-12345" };
    const owner = deskClient(handle.server.url);
    // An account for the test: made through the publishing API with the token.
    const made = await fetch(`${handle.server.url}/api/admin/staff`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: other.email, name: other.name, role: "editor" }),
    });
    expect(made.status).toBe(201);
    const link = /(\/admin\/password\/[\w-]+)/.exec(JSON.stringify(await made.json()))![1]!;
    const setCsrf = await owner.tokenOf(link);
    expect((await owner.post(link, { csrf: setCsrf, password: other.password, confirm: other.password })).status).toBe(
      302,
    );
    for (const next of ["/admin\u0007", "/admin/recaps?q=caf\u00e9\u4e2d", "//evil.example/admin"]) {
      const c = deskClient(handle.server.url);
      const csrf = await c.tokenOf("/admin/sign-in");
      const res = await c.post(`/admin/sign-in?next=${encodeURIComponent(next)}`, {
        csrf,
        email: other.email,
        password: other.password,
      });
      expect(res.status, next).toBe(302);
      expect(res.headers.get("location"), next).toBe("/admin");
    }
  });
});

describe("a crowd signing in from many addresses at once", () => {
  const handle = serverWithDirectAccess("sqlite", { ADMIN_TOKEN: TOKEN, TRUST_PROXY: "1" });

  it("checks a few passwords at a time and tells the rest to come back (503 with Retry-After), never a 500", async () => {
    await setUpDeskOwner(handle.server.url, TOKEN, OWNER);
    // Each its own client (its own address, cookie and form) and account, so no lockout stops it: only the bound on hashing does.
    const crowd = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const address = `198.51.100.${i}`;
        const page = await fetch(`${handle.server.url}/admin/sign-in`, { headers: { "X-Forwarded-For": address } });
        const cookie = page.headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; ");
        const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
        return { address, cookie, csrf, email: `crowd-${i}@proofline.test` };
      }),
    );
    const answers = await Promise.all(
      crowd.map((v) =>
        fetch(`${handle.server.url}/admin/sign-in`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Cookie: v.cookie,
            Origin: new URL(handle.server.url).origin,
            "X-Forwarded-For": v.address,
          },
          body: new URLSearchParams({ csrf: v.csrf, email: v.email, password: "a-wrong-password" }),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 401 || s === 503),
      statuses.join(","),
    ).toBe(true);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect(r.headers.get("retry-after")).toBe("2");
    expect(await busy[0]!.text()).toContain("The desk is busy checking passwords.");
  });
});
